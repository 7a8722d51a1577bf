import { useTranslation } from 'react-i18next';
import type { LeverQuote, LeverSide } from '../../../machines/lever-terms.ts';
import { useNumberText } from '../../use-number-text.ts';

const SIDES: readonly LeverSide[] = ['long', 'short'];

/**
 * Before the order (issue 32 item 1): what a long and a short of what is typed would cost (margin,
 * fee) and do (the position's estimated liquidation price, the account's risk rate once open), by
 * the rule the exchange places orders with (domain/lever/order-risk.ts), updated as the user types.
 * At market the figures are at the last price now, and the note under the table says so.
 */
export function LeverRiskTable({
  quotes,
  quote,
  priceDecimals,
  market,
  last,
}: {
  quotes: Record<LeverSide, LeverQuote | null>;
  quote: string;
  priceDecimals: number;
  market: boolean;
  last: string | null;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const rows: { key: string; label: string; text: (q: LeverQuote) => string }[] = [
    { key: 'bond', label: t('lever.bond'), text: (q) => `${numbers.cost(q.bond, quote)} ${quote}` },
    { key: 'fee', label: t('lever.fee'), text: (q) => `${numbers.cost(q.fee, quote)} ${quote}` },
    {
      key: 'liq',
      label: t('lever.before.liquidation'),
      // 0: the price alone cannot bring the account to the threshold.
      text: (q) => (Number(q.liquidation) > 0 ? numbers.price(q.liquidation, priceDecimals) : '—'),
    },
    { key: 'hazard', label: t('lever.before.hazard'), text: (q) => numbers.percent(q.hazard) },
  ];
  // The long's fee keeps its old name (lever-fee): tests and the family's habits read it.
  const testId = (key: string, side: LeverSide) =>
    key === 'fee' ? (side === 'long' ? 'lever-fee' : 'lever-fee-short') : `lever-${key}-${side}`;
  return (
    <div className="lever-risk" data-testid="lever-quote">
      <table className="lever-risk-table">
        <caption className="visually-hidden">{t('lever.before.caption')}</caption>
        <thead>
          <tr>
            <td />
            {SIDES.map((side) => (
              <th key={side} scope="col" className={`lever-side ${side}`}>
                {t(`lever.${side}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {SIDES.map((side) => {
                const each = quotes[side];
                return (
                  <td key={side} className="num" data-testid={testId(row.key, side)}>
                    {each ? row.text(each) : '—'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="lever-market-note" data-testid="lever-estimate-note">
        {market
          ? last === null
            ? t('lever.marketNote')
            : t('lever.before.atMarket', { price: numbers.price(last, priceDecimals), quote })
          : t('lever.before.atFixed')}
      </p>
    </div>
  );
}
