import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import type { leverOrderMachine } from '../../../machines/lever-order.machine.ts';
import type { leverPositionsMachine } from '../../../machines/lever-positions.machine.ts';
import type { LeverLiveAccount } from '../../../machines/lever-screen.machine.ts';
import { leverMarkSummary } from '../../../machines/lever-terms.ts';
import { useSelector } from '../../use-app-actor.ts';
import { setClass, setText } from '../trade/text-cells.ts';
import { unitsText } from '../../../domain/money.ts';
import type { NumberText } from '../../../domain/number-locale.ts';
import { useNumberText } from '../../use-number-text.ts';

/** 1e-8 units of `currency` as its amounts are shown everywhere (its display decimals, cut). */
export function moneyText(value: bigint, currency: string, numbers: NumberText): string {
  return numbers.amount(unitsText(value), currency);
}

/**
 * The lever account of the pair's quote currency: free balance, margin in use,
 * unrealised PnL and the risk (hazard) rate. Balance and margin come from the machines; PnL and risk
 * follow the market: they are painted into their cells from the last trade price at most once per
 * frame, outside React state, by the domain formulas.
 */
export function LeverSummary({
  form,
  positions,
  live,
  last$,
}: {
  form: ActorRefFrom<typeof leverOrderMachine>;
  positions: ActorRefFrom<typeof leverPositionsMachine>;
  live: LeverLiveAccount | null;
  last$: Observable<string>;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const account = useSelector(form, (s) => s.context.terms?.account ?? null);
  const quote = useSelector(form, (s) => s.context.terms?.quoteCode ?? '');
  const open = useSelector(positions, (s) => s.context.open);
  const marginCell = useRef<HTMLElement>(null);
  const pnlCell = useRef<HTMLElement>(null);
  const riskCell = useRef<HTMLElement>(null);
  const mark = useRef<string | null>(null);
  const balance = account?.balance ?? '0';

  useEffect(() => {
    const totals = live ?? account;
    const paint = () => {
      const summary = leverMarkSummary(open, mark.current, totals, balance);
      if (marginCell.current) setText(marginCell.current, moneyText(summary.bonds, quote, numbers));
      if (pnlCell.current) {
        setText(pnlCell.current, moneyText(summary.total, quote, numbers));
        setClass(pnlCell.current, 'up', summary.total > 0n);
        setClass(pnlCell.current, 'down', summary.total < 0n);
      }
      if (riskCell.current)
        setText(riskCell.current, summary.bonds > 0n ? numbers.percent(summary.hazard) : '—');
    };
    paint();
    const subscription = last$.subscribe((price) => {
      mark.current = price;
      paint();
    });
    return () => subscription.unsubscribe();
  }, [open, live, account, balance, last$, quote, numbers]);

  return (
    <section
      className="trade-panel lever-summary"
      aria-labelledby="lever-summary-title"
      data-testid="lever-summary"
    >
      <h2 id="lever-summary-title" className="lever-heading">
        {t('lever.account', { code: quote })}
      </h2>
      <dl className="lever-summary-grid">
        <div>
          <dt>{t('lever.balance')}</dt>
          <dd className="num" data-testid="lever-balance">
            {numbers.amount(balance, quote)}
          </dd>
        </div>
        <div>
          <dt>{t('lever.margin')}</dt>
          <dd className="num" ref={marginCell} data-testid="lever-margin" />
        </div>
        <div>
          <dt>{t('lever.pnl')}</dt>
          <dd className="num lever-pnl" ref={pnlCell} data-testid="lever-total-pnl" aria-live="off" />
        </div>
        <div>
          <dt>{t('lever.risk')}</dt>
          <dd className="num" ref={riskCell} data-testid="lever-risk" aria-live="off" />
        </div>
      </dl>
    </section>
  );
}
