import { useTranslation } from 'react-i18next';
import { ANTI_PHISHING_MAX } from '../../../../domain/security/anti-phishing.ts';
import { antiPhishingForm, EMPTY_ANTI_PHISHING } from '../../../../machines/anti-phishing.machine.ts';
import { Field } from '../../auth/kit/Field.tsx';
import { useForm } from '../../auth/kit/use-form.ts';
import { fieldId } from '../../auth/kit/use-problem-reporter.ts';
import './security.css';

const FORM = 'antiPhishing';

/**
 * The anti-phishing code: the masked code now set (or that none is), and a form to set a new one.
 * Every e-mail and SMS then carries it, so a message without it is not from Tessera.
 */
export function AntiPhishingCard({
  masked,
  twoFactor,
  onChanged,
}: {
  masked: string;
  /** Two-factor sign-in is on: the change needs a code from the app. */
  twoFactor: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [snapshot, send] = useForm(antiPhishingForm, {
    formId: FORM,
    initial: EMPTY_ANTI_PHISHING,
    onSuccess: onChanged,
  });
  const { values, problem } = snapshot.context;
  return (
    <section className="card" aria-labelledby="anti-phishing-title" data-testid="anti-phishing">
      <div className="card-head">
        <div>
          <h2 id="anti-phishing-title">{t('securityCentre.antiPhishing')}</h2>
          <p className="card-lead">{t('securityCentre.antiPhishingLead')}</p>
        </div>
        <span
          className={`badge security-state ${masked ? 'badge-ok' : 'badge-warn'}`}
          data-testid="anti-phishing-state"
        >
          {masked ? t('securityCentre.antiPhishingIs', { code: masked }) : t('securityCentre.notSet')}
        </span>
      </div>
      <form
        className="form-stack form-narrow"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <Field
          id={fieldId(FORM, 'phrase')}
          label={t('securityCentre.antiPhishingCode')}
          hint={t('securityCentre.antiPhishingHint')}
          autoComplete="off"
          maxLength={ANTI_PHISHING_MAX * 2}
          value={values.phrase}
          invalid={problem?.field === 'phrase'}
          onValue={(phrase) => send({ type: 'SET', values: { phrase } })}
        />
        {twoFactor && (
          <Field
            id={fieldId(FORM, 'totpCode')}
            label={t('twoFactor.codeLabel')}
            autoComplete="one-time-code"
            maxLength={11}
            value={values.totpCode}
            onValue={(totpCode) => send({ type: 'SET', values: { totpCode } })}
          />
        )}
        <div>
          <button className="btn btn-primary" type="submit" disabled={!snapshot.matches('editing')}>
            {t(masked ? 'securityCentre.change' : 'securityCentre.set')}
          </button>
        </div>
      </form>
    </section>
  );
}
