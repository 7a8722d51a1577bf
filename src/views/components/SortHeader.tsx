import { ariaSort, type SortKey, type SortState } from '../../domain/market-sort.ts';
import './components.css';

/**
 * A sortable column header: a button inside the `th`, which carries `aria-sort`, so a screen
 * reader announces the column's order and a keyboard can change it.
 */
export function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  align = 'end',
}: {
  label: string;
  sortKey: SortKey;
  sort: SortState | null;
  onSort: (key: SortKey) => void;
  align?: 'start' | 'end';
}) {
  const state = ariaSort(sort, sortKey);
  return (
    <th scope="col" aria-sort={state} className={`sortable align-${align}`} data-sort-key={sortKey}>
      <button type="button" onClick={() => onSort(sortKey)} data-testid={`sort-${sortKey}`}>
        <span>{label}</span>
        <svg
          className={`sort-icon sort-${state}`}
          aria-hidden="true"
          width="8"
          height="12"
          viewBox="0 0 8 12"
        >
          <path className="sort-up" d="M4 0 8 5H0z" />
          <path className="sort-down" d="M4 12 0 7h8z" />
        </svg>
      </button>
    </th>
  );
}
