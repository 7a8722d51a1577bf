import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OTC_AD_BUY, OTC_AD_SELL } from '../../../domain/contract-codes.ts';
import { P2P_COIN_CODES, P2P_FIATS, type P2pCoin } from '../../../domain/p2p/amounts.ts';
import { fiatLabel, type AreaCurrency } from '../../../domain/p2p/fiat-label.ts';
import { P2P_PAY_METHODS } from '../../../domain/p2p/limits.ts';
import { PAY_LIMIT_MINUTES } from '../../../domain/p2p/timers.ts';
import type { AdField } from '../../../domain/p2p/ad-entry.ts';
import {
  adPriceWarning,
  type AdEditorForm,
  type AdReferences,
} from '../../../machines/p2p-ad-editor.machine.ts';
import { centsText } from '../../../domain/p2p/amounts.ts';
import { useServices } from '../../services-context.ts';
import { useMachine } from '../../use-app-actor.ts';
import { useLoadable } from '../../use-loadable.ts';
import { useDecimalComma } from '../assets/wallet-kit.tsx';
import { entryMessageKey, P2pDialog } from './p2p-kit.tsx';
import { readNumberEntry } from '../../../domain/number-entry.ts';
import { useNumberText } from '../../use-number-text.ts';

const NO_AREAS: readonly AreaCurrency[] = [];
const NO_REFERENCES: AdReferences = {};

/** Publishing a new ad or editing one (its type, coin, fiat and total fixed once published). */
export function AdEditor({
  adId,
  form,
  references = NO_REFERENCES,
  onDone,
}: {
  adId: number | null;
  form?: AdEditorForm;
  /** The market references the server checks a fixed price against (otc/my_ads). */
  references?: AdReferences;
  onDone: (saved: boolean) => void;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const { machines, queries } = useServices();
  const decimalComma = useDecimalComma();
  const countries = useLoadable(queries.general.areas$);
  const areas = countries.status === 'ready' ? countries.data : NO_AREAS;
  const [snapshot, send, ref] = useMachine(machines.p2p.adEditor, {
    input: { decimalComma, adId, references, ...(form ? { form } : {}) },
  });
  useEffect(() => {
    send({ type: 'REFERENCES', value: references });
  }, [send, references]);
  useEffect(() => {
    const sub = ref.on('saved', () => onDone(true));
    return () => sub.unsubscribe();
  }, [ref, onDone]);
  const { form: values, problem } = snapshot.context;
  const priceWarning = adPriceWarning(snapshot.context);
  const editing = adId !== null;
  // The confirmation repeats what was typed, in the language's convention (digits unchanged).
  const echo = (text: string | undefined) => {
    const entry = readNumberEntry(text ?? '', { maxDecimals: 8, decimalComma });
    return entry.kind === 'number' ? numbers.exact(entry.value) : (text ?? '');
  };
  const messageOf = (field: AdField) => {
    if (!problem || problem.field !== field) return null;
    const { key } = entryMessageKey(problem.problem.kind);
    return (
      <p id={`p2p-ad-${field}-problem`} className="field-problem" role="alert" data-testid="p2p-ad-problem">
        {t(key, { max: 'max' in problem.problem ? problem.problem.max : 0 })}
      </p>
    );
  };
  const numberField = (field: 'price' | 'margin' | 'total' | 'min' | 'max', label: string, unit: string) => (
    <div className={`field${problem?.field === field ? ' field-invalid' : ''}`}>
      <label htmlFor={`p2p-ad-${field}`}>{label}</label>
      <div className="field-box">
        <input
          id={`p2p-ad-${field}`}
          // A margin may be negative: a keyboard with a minus sign.
          inputMode={field === 'margin' ? 'text' : 'decimal'}
          autoComplete="off"
          value={values[field] ?? ''}
          disabled={field === 'total' && editing}
          aria-invalid={problem?.field === field || undefined}
          aria-describedby={
            problem?.field === field
              ? `p2p-ad-${field}-problem`
              : field === 'price' && priceWarning
                ? 'p2p-ad-price-warning'
                : undefined
          }
          onChange={(event) => send({ type: 'SET', field, value: event.target.value })}
        />
        <span className="p2p-unit">{unit}</span>
      </div>
      {messageOf(field)}
      {field === 'price' && priceWarning && problem?.field !== 'price' ? (
        // Like the spot form's band warning: the ad can still be sent, and the server refuses it.
        <p
          id="p2p-ad-price-warning"
          className="field-warning"
          role="status"
          data-testid="p2p-ad-price-warning"
        >
          {t('p2p.priceBandWarning', {
            low: numbers.exact(centsText(priceWarning.low)),
            high: numbers.exact(centsText(priceWarning.high)),
            fiat: values.fiat,
          })}
        </p>
      ) : null}
    </div>
  );
  const confirming = snapshot.matches('confirming') || snapshot.matches('saving');
  return (
    <P2pDialog labelledBy="p2p-ad-title" testId="p2p-ad-editor">
      <h2 id="p2p-ad-title">{t(editing ? 'p2p.editAd' : 'p2p.publishAd')}</h2>
      {confirming ? (
        <>
          <p>{t(editing ? 'p2p.confirmEdit' : 'p2p.confirmPublish')}</p>
          <dl className="p2p-facts">
            <div>
              <dt>{t('p2p.adType')}</dt>
              <dd>{t(values.type === OTC_AD_SELL ? 'p2p.adSell' : 'p2p.adBuy', { coin: values.coin })}</dd>
            </div>
            <div>
              <dt>{t('p2p.price')}</dt>
              <dd className="num">
                {values.floating
                  ? t('p2p.floatingPrice', { margin: values.margin?.trim() ?? '' })
                  : `${echo(values.price)} ${values.fiat}`}
              </dd>
            </div>
            <div>
              <dt>{t('p2p.limits')}</dt>
              <dd className="num">
                {echo(values.min)} – {echo(values.max)} {values.fiat}
              </dd>
            </div>
          </dl>
          <div className="p2p-dialog-actions">
            <button type="button" className="btn btn-outline" onClick={() => send({ type: 'CANCEL' })}>
              {t('p2p.back')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={snapshot.matches('saving')}
              onClick={() => send({ type: 'CONFIRM' })}
            >
              {t('p2p.confirm')}
            </button>
          </div>
        </>
      ) : (
        <form
          className="form-stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          <div className="p2p-segment" role="radiogroup" aria-label={t('p2p.adType')}>
            {([OTC_AD_SELL, OTC_AD_BUY] as const).map((type) => (
              <button
                key={type}
                type="button"
                role="radio"
                aria-checked={values.type === type}
                className={values.type === type ? 'active' : undefined}
                disabled={editing}
                onClick={() => send({ type: 'SET_TYPE', value: type })}
              >
                {t(type === OTC_AD_SELL ? 'p2p.adSell' : 'p2p.adBuy', { coin: values.coin })}
              </button>
            ))}
          </div>
          <div className="p2p-two">
            <label className="p2p-select">
              <span>{t('p2p.coin')}</span>
              <select
                value={values.coin}
                disabled={editing}
                onChange={(event) => send({ type: 'SET_COIN', value: event.target.value as P2pCoin })}
              >
                {P2P_COIN_CODES.map((code) => (
                  <option key={code}>{code}</option>
                ))}
              </select>
            </label>
            <label className="p2p-select">
              <span>{t('p2p.fiat')}</span>
              <select
                value={values.fiat}
                disabled={editing}
                onChange={(event) => send({ type: 'SET', field: 'fiat', value: event.target.value })}
              >
                {P2P_FIATS.map((code) => (
                  <option key={code} value={code}>
                    {fiatLabel(code, areas)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="p2p-segment" role="radiogroup" aria-label={t('p2p.priceType')}>
            {([false, true] as const).map((floating) => (
              <button
                key={String(floating)}
                type="button"
                role="radio"
                aria-checked={(values.floating === true) === floating}
                className={(values.floating === true) === floating ? 'active' : undefined}
                onClick={() => send({ type: 'SET_FLOATING', value: floating })}
              >
                {t(floating ? 'p2p.priceFloating' : 'p2p.priceFixed')}
              </button>
            ))}
          </div>
          {values.floating ? (
            <>
              {numberField('margin', t('p2p.margin'), '%')}
              <p className="muted p2p-small">{t('p2p.marginHint')}</p>
            </>
          ) : (
            numberField('price', t('p2p.unitPrice'), values.fiat)
          )}
          {numberField('total', t('p2p.totalQuantity'), values.coin)}
          <div className="p2p-two">
            {numberField('min', t('p2p.minPerOrder'), values.fiat)}
            {numberField('max', t('p2p.maxPerOrder'), values.fiat)}
          </div>
          <fieldset className={`p2p-fieldset${problem?.field === 'payMethods' ? ' field-invalid' : ''}`}>
            <legend>{t('p2p.payMethods')}</legend>
            {P2P_PAY_METHODS.map((method) => (
              <label key={method} className="p2p-check">
                <input
                  type="checkbox"
                  checked={values.payMethods.includes(method)}
                  onChange={() => send({ type: 'TOGGLE_METHOD', method })}
                />
                {t(`p2p.method.${method}`)}
              </label>
            ))}
            {messageOf('payMethods')}
          </fieldset>
          <label className="p2p-select">
            <span>{t('p2p.payLimit')}</span>
            <select
              value={values.payLimitMinutes}
              onChange={(event) => send({ type: 'SET_PAY_LIMIT', value: Number(event.target.value) })}
            >
              {PAY_LIMIT_MINUTES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t('p2p.minutes', { n: minutes })}
                </option>
              ))}
            </select>
          </label>
          <div className={`field${problem?.field === 'remarks' ? ' field-invalid' : ''}`}>
            <label htmlFor="p2p-ad-remarks">{t('p2p.remarks')}</label>
            <textarea
              id="p2p-ad-remarks"
              rows={2}
              value={values.remarks}
              onChange={(event) => send({ type: 'SET', field: 'remarks', value: event.target.value })}
            />
            {messageOf('remarks')}
          </div>
          <div className="p2p-dialog-actions">
            <button type="button" className="btn btn-outline" onClick={() => onDone(false)}>
              {t('common.close')}
            </button>
            <button type="submit" className="btn btn-primary">
              {t(editing ? 'p2p.saveAd' : 'p2p.publishAd')}
            </button>
          </div>
        </form>
      )}
    </P2pDialog>
  );
}
