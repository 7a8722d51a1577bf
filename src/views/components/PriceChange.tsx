import { changeDirection } from '../../domain/format.ts';
import './components.css';
import { useNumberText } from '../use-number-text.ts';

/**
 * A 24 h change in the trading colours (--up / --down, which follow the user's colour swap).
 * `pill` is the filled badge of market tables; `text` is the plain coloured figure.
 */
export function PriceChange({ change, variant = 'text' }: { change: string; variant?: 'text' | 'pill' }) {
  const numbers = useNumberText();
  const direction = changeDirection(change);
  return (
    <span className={`num change change-${variant} change-${direction}`} data-direction={direction}>
      {numbers.change(change)}
    </span>
  );
}
