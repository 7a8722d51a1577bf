import { changeDirection } from '../../domain/format.ts';
import './components.css';
import { useNumberText } from '../use-number-text.ts';
import type { QuoteField } from './quote-fields.ts';

/**
 * A 24 h change in the trading colours (--up / --down, which follow the user's colour swap).
 * `pill` is the filled badge of market tables; `text` is the plain coloured figure.
 */
export function PriceChange({
  change,
  variant = 'text',
  field,
}: {
  change: string;
  variant?: 'text' | 'pill';
  /** The quote figure it shows, for a held page's painter (quote-fields.ts). */
  field?: QuoteField;
}) {
  const numbers = useNumberText();
  const direction = changeDirection(change);
  return (
    <span
      className={`num change change-${variant} change-${direction}`}
      data-direction={direction}
      data-quote-field={field}
    >
      {numbers.change(change)}
    </span>
  );
}
