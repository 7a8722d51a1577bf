import { useTranslation } from 'react-i18next';
import { ALLOW_LIST_START, allowListForm } from '../../../../machines/allow-list.machine.ts';
import { Field } from '../../auth/kit/Field.tsx';
import { useForm } from '../../auth/kit/use-form.ts';
import { fieldId } from '../../auth/kit/use-problem-reporter.ts';
import './security.css';

const FORM = 'allowList';

/**
 * The withdrawal allow-list (issue 34): on, a newly bound address can be withdrawn to only after
 * the waiting period; off again only with the trade password.
 */
export function AllowListCard({
  on,
  twoFactor,
  waitHours,
  onChanged,
}: {
  on: boolean;
  /** Two-factor sign-in is on: the change needs a code from the app. */
  twoFactor: boolean;
  waitHours: number;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [snapshot, send] = useForm(allowListForm, {
    formId: FORM,
    initial: ALLOW_LIST_START,
    onSuccess: onChanged,
  });
  const { values, problem } = snapshot.context;
  return (
    <section className="card" aria-labelledby="allow-list-title" data-testid="allow-list">
      <div className="card-head">
        <div>
          <h2 id="allow-list-title">{t('securityCentre.allowList')}</h2>
          <p className="card-lead">{t('securityCentre.allowListLead', { hours: waitHours })}</p>
        </div>
        <span
          className={`badge security-state ${on ? 'badge-ok' : 'badge-warn'}`}
          data-testid="allow-list-state"
        >
          {t(on ? 'securityCentre.on' : 'securityCentre.off')}
        </span>
      </div>
      <form
        className="form-stack form-narrow"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SET', values: { on: !on } });
          send({ type: 'SUBMIT' });
        }}
      >
        {on && (
          <Field
            id={fieldId(FORM, 'payPassword')}
            label={t('security.tradePassword')}
            type="password"
            autoComplete="off"
            value={values.payPassword}
            invalid={problem?.field === 'payPassword'}
            onValue={(payPassword) => send({ type: 'SET', values: { payPassword } })}
          />
        )}
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
            {t(on ? 'securityCentre.turnOff' : 'securityCentre.turnOn')}
          </button>
        </div>
      </form>
    </section>
  );
}
