import { useMachine } from '../../use-app-actor.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  PAY_METHOD_FIELDS,
  type PayMethodField,
  type PayMethodFields,
} from '../../../domain/validation/pay-method.ts';
import { useServices } from '../../services-context.ts';
import { Field } from '../auth/kit/Field.tsx';
import { useLatest } from '../auth/kit/use-latest.ts';
import { fieldId, useProblemReporter } from '../auth/kit/use-problem-reporter.ts';
import { ImagePicker } from './ImagePicker.tsx';

const FORM = 'collection';

/** What identifies a saved method at a glance: its account, or the last four digits of the card. */
function savedSummary(raw: Partial<PayMethodFields>): string {
  if (raw.card_no) return `•••• ${raw.card_no.slice(-4)}`;
  return raw.account ?? '';
}

/** /personal/collectionSettings (spec §2, §5): choose a method type, fill its fields, save. */
export default function CollectionSettingsPage() {
  const { t } = useTranslation();
  const { machines } = useServices();
  const report = useProblemReporter(FORM);
  const latest = useLatest({ report });
  const [logic] = useState(() =>
    machines.personal.payMethod({ reportProblem: (_, { problem }) => latest.current.report(problem) }),
  );
  const [search, setSearch] = useSearchParams();
  // The type chosen last (kept in the address, so a reload reopens it); else the first saved one.
  const [chosen] = useState(() => {
    const value = Number(search.get('type'));
    return Number.isInteger(value) && value > 0 ? value : null;
  });
  const [snapshot, send] = useMachine(logic, { input: { typeId: chosen } });
  const { types, typeId, values, problem, saved } = snapshot.context;
  const choose = (id: number) => {
    send({ type: 'CHOOSE', typeId: id });
    setSearch({ type: String(id) }, { replace: true });
  };
  const code = types.find((type) => type.id === typeId)?.code;
  const invalid = (field: string) => problem?.field === field;
  const busy = snapshot.matches('loadingMethod') || snapshot.matches('saving');

  const textField = (field: Exclude<PayMethodField, 'qrcode'>) => (
    <Field
      key={field}
      id={fieldId(FORM, field)}
      label={t(`personal.pay.${code === 'wxpay' && field === 'account' ? 'wxAccount' : field}`)}
      placeholder={t(`personal.pay.${field}Placeholder`)}
      inputMode={field === 'card_no' ? 'numeric' : undefined}
      autoComplete="off"
      value={values[field]}
      invalid={invalid(field)}
      onValue={(value) => send({ type: 'SET', values: { [field]: value } })}
    />
  );

  return (
    <section className="card" data-testid="collection-page" aria-labelledby="collection-heading">
      <div className="card-head">
        <div>
          <h1 id="collection-heading">{t('pages.collectionSettings')}</h1>
          <p className="card-lead">{t('personal.collectionLead')}</p>
        </div>
      </div>
      {snapshot.matches('failed') ? (
        <button type="button" className="btn" onClick={() => send({ type: 'RETRY' })}>
          {t('common.retry')}
        </button>
      ) : snapshot.matches('loadingTypes') ? (
        <p className="muted" aria-busy="true">
          {t('common.loading')}
        </p>
      ) : (
        <form
          className="form-stack form-narrow"
          noValidate
          aria-busy={busy || undefined}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          <fieldset className="field plain-fieldset">
            <legend className="field-label">{t('personal.pay.type')}</legend>
            <div className="choice-group pay-type-list" data-testid="pay-method-list">
              {types.map((type) => {
                const stored = saved.find((method) => method.typeId === type.id);
                return (
                  <label key={type.id} className="pay-type-choice" data-testid={`pay-type-${type.code}`}>
                    <input
                      type="radio"
                      name="pay-type"
                      checked={type.id === typeId}
                      disabled={busy}
                      onChange={() => choose(type.id)}
                    />
                    <span>{t(`personal.pay.types.${type.code}`)}</span>
                    {stored ? (
                      <>
                        <span className="badge badge-ok">{t('personal.pay.saved')}</span>
                        <span className="muted pay-type-summary">{savedSummary(stored.raw)}</span>
                      </>
                    ) : (
                      <span className="badge badge-warn">{t('personal.pay.notSaved')}</span>
                    )}
                  </label>
                );
              })}
            </div>
          </fieldset>
          {code &&
            PAY_METHOD_FIELDS[code].map((field) =>
              field === 'qrcode' ? (
                <ImagePicker
                  key={`${code}-qrcode`}
                  id={fieldId(FORM, 'qrcode')}
                  label={t('personal.pay.qrcode')}
                  square
                  value={values.qrcode}
                  invalid={invalid('qrcode')}
                  onChange={(qrcode) => send({ type: 'SET', values: { qrcode } })}
                />
              ) : (
                textField(field)
              ),
            )}
          <div>
            <button className="btn btn-primary" type="submit" disabled={busy}>
              {t('personal.pay.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
