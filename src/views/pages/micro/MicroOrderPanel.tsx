import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ratioBpsOf, ratioPercent } from '../../../domain/micro/rules.ts';
import {
  chosenCurrency,
  chosenSeconds,
  microQuote,
  type MicroFormRef,
} from '../../../machines/micro-order.machine.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useSelector } from '../../use-app-actor.ts';
import { MicroAmountProblem } from './MicroAmountProblem.tsx';
import { useTraderPrefs } from '../../use-trader-prefs.ts';
import { MicroConfirm } from './MicroConfirm.tsx';
import { unitsText } from '../../../domain/money.ts';
import type { NumberText } from '../../../domain/number-locale.ts';
import { useNumberText } from '../../use-number-text.ts';

function percentOf(ratio: string, numbers: NumberText): string {
  return numbers.percent(ratioPercent(ratioBpsOf(ratio) ?? 0n));
}

/**
 * Spec §2 Micro, the order panel: payable currency, the micro account's balance, the amount with
 * its quick presets, the duration with its profit rate, the fee and the payout a win would bring
 * (live, from what is typed), buy up and buy down, then the confirmation. It renders the order
 * form machine and sends it what the user does; the rules live in the machine and the domain.
 */
export function MicroOrderPanel({ form, symbol }: { form: MicroFormRef; symbol: string }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const prefs = useTraderPrefs();
  const snapshot = useSelector(form, (s) => s);
  const { context } = snapshot;
  if (snapshot.matches('loading')) return <section className="trade-panel micro-form" aria-busy="true" />;
  if (snapshot.matches('failed'))
    return (
      <section className="trade-panel micro-form">
        <EmptyState title={t('micro.termsFailed')} />
      </section>
    );
  const currency = chosenCurrency(context);
  const option = chosenSeconds(context);
  const quote = microQuote(context);
  const code = currency?.code ?? '';
  const busy = !snapshot.matches('editing') && !snapshot.matches('refreshing');
  const pending = context.pending;
  return (
    <section className="trade-panel micro-form" aria-labelledby="micro-form-title" data-testid="micro-form">
      <h2 id="micro-form-title" className="micro-heading">
        {t('micro.formTitle')}
      </h2>
      <div className="micro-row" role="radiogroup" aria-label={t('micro.currency')}>
        {context.terms?.currencies.map((each) => (
          <button
            key={each.id}
            type="button"
            role="radio"
            aria-checked={each.id === context.currencyId}
            className={each.id === context.currencyId ? 'micro-chip active' : 'micro-chip'}
            onClick={() => form.send({ type: 'CURRENCY', currencyId: each.id })}
          >
            {each.code}
          </button>
        ))}
      </div>
      <p className="micro-balance">
        <span>{t('micro.available')}</span>
        <span className="num" data-testid="micro-available">
          {currency ? `${numbers.amount(currency.micro_account.balance, code)} ${code}` : ''}
        </span>
        <Link to="/assets/transfer" className="micro-fund">
          {t('micro.fund')}
        </Link>
      </p>
      <label className="form-field" htmlFor="micro-amount">
        <span className="field-label">{t('micro.amount')}</span>
        <input
          id="micro-amount"
          inputMode="decimal"
          autoComplete="off"
          value={context.amount}
          aria-invalid={context.problem !== null || context.refusal !== null}
          aria-describedby="micro-amount-problem"
          data-testid="micro-amount"
          onChange={(event) => form.send({ type: 'AMOUNT', text: event.target.value })}
        />
        <span className="field-unit">{code}</span>
      </label>
      <MicroAmountProblem
        id="micro-amount-problem"
        problem={context.problem}
        min={currency?.micro_min ?? ''}
        max={currency?.micro_max ?? ''}
        code={code}
      />
      {/* The exchange refused the last purchase: its words, until something is changed. */}
      {context.problem === null && context.refusal !== null ? (
        <p id="micro-amount-problem" className="field-problem" role="alert" data-testid="micro-refusal">
          {context.refusal}
        </p>
      ) : null}
      <div className="micro-row" aria-label={t('micro.presets')} role="group">
        {currency?.micro_numbers.map(({ number }) => (
          <button
            key={number}
            type="button"
            className="micro-chip"
            onClick={() => form.send({ type: 'PRESET', number })}
          >
            {numbers.exact(number)}
          </button>
        ))}
      </div>
      <div className="micro-row micro-seconds" role="radiogroup" aria-label={t('micro.duration')}>
        {context.terms?.seconds.map((each) => (
          <button
            key={each.seconds}
            type="button"
            role="radio"
            aria-checked={each.seconds === context.seconds}
            data-testid={`micro-seconds-${each.seconds}`}
            className={each.seconds === context.seconds ? 'micro-chip active' : 'micro-chip'}
            onClick={() => form.send({ type: 'SECONDS', seconds: each.seconds })}
          >
            <span>{t('micro.seconds', { seconds: each.seconds })}</span>
            <small>{percentOf(each.profit_ratio, numbers)}</small>
          </button>
        ))}
      </div>
      <dl className="micro-quote">
        <dt>{t('micro.profitRate')}</dt>
        <dd className="num">{option ? percentOf(option.profit_ratio, numbers) : '—'}</dd>
        <dt>{t('micro.fee')}</dt>
        <dd className="num">{quote ? `${numbers.cost(unitsText(quote.fee), code)} ${code}` : '—'}</dd>
        <dt>{t('micro.expected')}</dt>
        <dd className="num" data-testid="micro-expected">
          {quote ? `${numbers.amount(unitsText(quote.payout), code)} ${code}` : '—'}
        </dd>
      </dl>
      <div className="micro-buttons">
        <button
          type="button"
          className="btn micro-up"
          disabled={busy}
          data-testid="micro-buy-up"
          onClick={() => form.send({ type: 'BUY', direction: 'up', skipConfirm: prefs.skipConfirm })}
        >
          {t('micro.buyUp')}
        </button>
        <button
          type="button"
          className="btn micro-down"
          disabled={busy}
          data-testid="micro-buy-down"
          onClick={() => form.send({ type: 'BUY', direction: 'down', skipConfirm: prefs.skipConfirm })}
        >
          {t('micro.buyDown')}
        </button>
      </div>
      <p className="micro-rules">{t('micro.rules')}</p>
      {/* With the "pro" setting the contract goes at once: no dialog while it is sent. */}
      {pending && (snapshot.matches('confirming') || !prefs.skipConfirm) ? (
        <MicroConfirm
          direction={pending.direction}
          symbol={symbol}
          seconds={Number(pending.payload.seconds)}
          amount={String(pending.payload.number)}
          code={code}
          fee={numbers.cost(unitsText(pending.quote.fee), code)}
          payout={numbers.amount(unitsText(pending.quote.payout), code)}
          ready={snapshot.matches('confirming')}
          onCancel={() => form.send({ type: 'CANCEL' })}
          onConfirm={() => form.send({ type: 'CONFIRM' })}
        />
      ) : null}
    </section>
  );
}
