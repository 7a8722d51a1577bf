import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAY_METHOD_FIELDS, type PayMethodField } from '../../../domain/validation/pay-method.ts';
import { payMethodMachine } from '../../../machines/pay-method.machine.ts';
import { useServices } from '../../services-context.ts';
import { Field } from '../auth/kit/Field.tsx';
import { useLatest } from '../auth/kit/use-latest.ts';
import { fieldId, useProblemReporter } from '../auth/kit/use-problem-reporter.ts';
import { ImagePicker } from './ImagePicker.tsx';

const FORM = 'collection';

/** /personal/collectionSettings (spec §2, §5): choose a method type, fill its fields, save. */
export default function CollectionSettingsPage() {
  const { t } = useTranslation();
  const { actors } = useServices();
  const report = useProblemReporter(FORM);
  const latest = useLatest({ report });
  const [logic] = useState(() =>
    payMethodMachine.provide({
      actors: actors.personal.payMethod,
      actions: { reportProblem: (_, { problem }) => latest.current.report(problem) },
    }),
  );
  const [snapshot, send] = useMachine(logic);
  const { types, typeId, values, problem } = snapshot.context;
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
            <div className="choice-group">
              {types.map((type) => (
                <label key={type.id}>
                  <input
                    type="radio"
                    name="pay-type"
                    checked={type.id === typeId}
                    onChange={() => send({ type: 'CHOOSE', typeId: type.id })}
                  />
                  {t(`personal.pay.types.${type.code}`)}
                </label>
              ))}
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
