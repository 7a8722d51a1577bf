import { useMemo, useState } from 'react';
import type { Loadable } from '../../../../streams/loadable.ts';
import type { DividendsPage } from '../../../../streams/queries/earnings.ts';
import { useServices } from '../../../services-context.ts';
import { useLoadable } from '../../../use-loadable.ts';

export interface RecordsTabProps {
  records: Loadable<DividendsPage>;
  page: number;
  onPage: (page: number) => void;
}

/** The dividend records, one page at a time (ieo/dividends, following pushes). */
export function useRecordsTab(): RecordsTabProps {
  const { queries } = useServices();
  const [page, setPage] = useState(1);
  const source = useMemo(() => queries.earnings.dividends$(page), [queries, page]);
  return { records: useLoadable(source), page, onPage: setPage };
}
