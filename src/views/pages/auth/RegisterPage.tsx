import { useMachine } from '../../use-app-actor.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { readCountryId } from '../../../machines/login-prefs.ts';
import { useServices } from '../../services-context.ts';
import { AccountField, type AccountAutoComplete } from './kit/AccountField.tsx';
import { AccountTabs } from './kit/AccountTabs.tsx';
import { SignedOutOnly } from './kit/SignedOutOnly.tsx';
import { AuthCard } from './kit/AuthCard.tsx';
import { CodeField } from './kit/CodeField.tsx';
import { Field } from './kit/Field.tsx';
import { FormStack } from './kit/FormStack.tsx';
import { NewPasswordFields } from './kit/NewPasswordFields.tsx';
import { useAreas } from './kit/use-areas.ts';
import { useDefaultArea } from './kit/use-default-area.ts';
import { useLatest } from './kit/use-latest.ts';
import { fieldId, useProblemReporter } from './kit/use-problem-reporter.ts';

const FORM = 'register';
const PRIVACY_NOTICE = '/notice?id=66&category_id=26';
const NEW_ACCOUNT: AccountAutoComplete = { email: 'email', mobile: 'tel-national' };

/**
 * /register (spec §2): tabs, account (+ country code on the phone tab), code, password twice,
 * invitation code (from extension_code), privacy terms ticked by default; haccount prefills the
 * account. After success it goes to /login 500 ms later.
 */
function RegisterForm() {
  const { t } = useTranslation();
  const { machines } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const areas = useAreas();
  const report = useProblemReporter(FORM);
  const latest = useLatest({ report, navigate });

  const [machine] = useState(() =>
    machines.accounts.register({
      reportProblem: (_, { problem }) => latest.current.report(problem),
      // The new account goes along (router state, not the address), so login starts filled in.
      goToLogin: (_, registered) => void latest.current.navigate('/login', { state: registered }),
    }),
  );
  const [snapshot, send, actor] = useMachine(machine, {
    input: {
      account: params.get('haccount'),
      inviteCode: params.get('extension_code'),
      areaId: readCountryId(),
    },
  });
  const { tab, values, problem } = snapshot.context;

  useDefaultArea(
    values.areaId,
    () => actor.getSnapshot().context.values.areaId,
    areas,
    (areaId) => send({ type: 'SET', values: { areaId } }),
  );

  const invalid = (field: string) => problem?.field === field;
  const busy = !snapshot.matches('editing');

  return (
    <AuthCard
      testId="register-page"
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')} <Link to="/login">{t('register.logIn')}</Link>
        </>
      }
    >
      <AccountTabs value={tab} onChange={(kind) => send({ type: 'TAB', tab: kind })} />
      <FormStack onSubmit={() => send({ type: 'SUBMIT' })}>
        <AccountField
          form={FORM}
          kind={tab}
          values={values}
          areas={areas}
          invalid={invalid}
          onSet={(changes) => send({ type: 'SET', values: changes })}
          autoComplete={NEW_ACCOUNT}
        />
        <CodeField
          id={fieldId(FORM, 'code')}
          byEmail={tab === 'email'}
          value={values.code}
          invalid={invalid('code')}
          onValue={(code) => send({ type: 'SET', values: { code } })}
          actor={snapshot.children.sendCode}
          onSend={() => send({ type: 'SEND_CODE' })}
        />
        <NewPasswordFields
          form={FORM}
          label={t('auth.password')}
          values={values}
          invalid={invalid}
          onSet={(changes) => send({ type: 'SET', values: changes })}
        />
        <Field
          id={fieldId(FORM, 'inviteCode')}
          label={t('register.invite')}
          autoComplete="off"
          placeholder={t('register.invitePlaceholder')}
          value={values.inviteCode}
          invalid={invalid('inviteCode')}
          onValue={(inviteCode) => send({ type: 'SET', values: { inviteCode } })}
        />
        <label className={`check${invalid('agreed') ? ' field-invalid' : ''}`}>
          <input
            id={fieldId(FORM, 'agreed')}
            type="checkbox"
            checked={values.agreed}
            aria-invalid={invalid('agreed') || undefined}
            onChange={(event) => send({ type: 'SET', values: { agreed: event.target.checked } })}
          />
          <span>
            {t('register.agreePrefix')}{' '}
            <Link className="text-link" to={PRIVACY_NOTICE} target="_blank">
              {t('register.privacy')}
            </Link>
          </span>
        </label>
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {snapshot.matches('editing')
            ? t('register.submit')
            : snapshot.matches('submitting')
              ? t('register.submitting')
              : t('register.done')}
        </button>
      </FormStack>
    </AuthCard>
  );
}

/** Signed-in users are sent on instead (SignedOutOnly). */
export default function RegisterPage() {
  return (
    <SignedOutOnly>
      <RegisterForm />
    </SignedOutOnly>
  );
}
