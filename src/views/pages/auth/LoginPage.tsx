import { useMachine } from '../../use-app-actor.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { safeReturnPath } from '../../../domain/validation/return-path.ts';
import {
  persistLogin,
  readCountryId,
  readRegisteredLogin,
  readRememberedLogin,
} from '../../../machines/login-prefs.ts';
import { useServices } from '../../services-context.ts';
import { useSetting } from '../../use-setting.ts';
import { AccountField } from './kit/AccountField.tsx';
import { AccountTabs } from './kit/AccountTabs.tsx';
import { SignedOutOnly } from './kit/SignedOutOnly.tsx';
import { AuthCard } from './kit/AuthCard.tsx';
import { CodeField } from './kit/CodeField.tsx';
import { Field } from './kit/Field.tsx';
import { FormStack } from './kit/FormStack.tsx';
import { PasswordField } from './kit/PasswordField.tsx';
import { useAreas } from './kit/use-areas.ts';
import { useDefaultArea } from './kit/use-default-area.ts';
import { useLatest } from './kit/use-latest.ts';
import { fieldId, useProblemReporter } from './kit/use-problem-reporter.ts';

const FORM = 'login';

/** /login (spec §2): e-mail and phone tabs, account, password, the code when required, remember me. */
function LoginForm() {
  const { t } = useTranslation();
  const { machines, session } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const areas = useAreas();
  const smsSetting = useSetting('login_use_sms');
  const report = useProblemReporter(FORM);
  const returnTo = safeReturnPath(params.get('redirect'));

  const latest = useLatest({ report, navigate, returnTo });
  const [machine] = useState(() =>
    machines.accounts.login({
      reportProblem: (_, { problem }) => latest.current.report(problem),
      persist: (_, signedIn) => persistLogin(signedIn),
      signedIn: (_, signedIn) => {
        session.send({ type: 'LOGIN', token: signedIn.token });
        void latest.current.navigate(latest.current.returnTo, { replace: true });
      },
    }),
  );
  const [snapshot, send, actor] = useMachine(machine, {
    input: {
      remembered: readRememberedLogin(),
      prefill: readRegisteredLogin(location.state),
      defaultAreaId: readCountryId(),
    },
  });
  const { tab, values, problem, smsRequired, twoFactor } = snapshot.context;

  useEffect(() => {
    send({ type: 'SMS_REQUIRED', required: smsSetting === '1' });
  }, [send, smsSetting]);

  useDefaultArea(
    values.areaId,
    () => actor.getSnapshot().context.values.areaId,
    areas,
    (areaId) => send({ type: 'SET', values: { areaId } }),
  );

  const invalid = (field: string) => problem?.field === field;
  const busy = snapshot.matches('submitting') || snapshot.matches('done');

  return (
    <AuthCard
      testId="login-page"
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')} <Link to="/register">{t('login.signUp')}</Link>
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
        />
        <PasswordField
          id={fieldId(FORM, 'password')}
          label={t('auth.password')}
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
          value={values.password}
          invalid={invalid('password')}
          onValue={(password) => send({ type: 'SET', values: { password } })}
        />
        {smsRequired && (
          <CodeField
            id={fieldId(FORM, 'smsCode')}
            byEmail={tab === 'email'}
            value={values.smsCode}
            invalid={invalid('smsCode')}
            onValue={(smsCode) => send({ type: 'SET', values: { smsCode } })}
            actor={snapshot.children.sendCode}
            onSend={() => send({ type: 'SEND_CODE' })}
          />
        )}
        {twoFactor && (
          <Field
            id={fieldId(FORM, 'totpCode')}
            label={t('twoFactor.codeLabel')}
            hint={t('twoFactor.codeHint')}
            autoComplete="one-time-code"
            autoFocus
            maxLength={11}
            value={values.totpCode}
            invalid={invalid('totpCode')}
            onValue={(totpCode) => send({ type: 'SET', values: { totpCode } })}
          />
        )}
        <div className="form-row">
          <label className="check">
            <input
              type="checkbox"
              checked={values.remember}
              onChange={(event) => send({ type: 'SET', values: { remember: event.target.checked } })}
            />
            <span>{t('login.remember')}</span>
          </label>
          <Link className="text-link" to="/forgetPassword">
            {t('login.forgot')}
          </Link>
        </div>
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </FormStack>
    </AuthCard>
  );
}

/** Signed-in users are sent on instead (SignedOutOnly). */
export default function LoginPage() {
  return (
    <SignedOutOnly>
      <LoginForm />
    </SignedOutOnly>
  );
}
