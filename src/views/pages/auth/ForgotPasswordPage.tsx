import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { forgotPasswordForm } from '../../../machines/forgot-password.machine.ts';
import { readCountryId } from '../../../machines/login-prefs.ts';
import { AccountTabs } from './kit/AccountTabs.tsx';
import { AreaSelect } from './kit/AreaSelect.tsx';
import { AuthCard } from './kit/AuthCard.tsx';
import { CodeButton } from './kit/CodeButton.tsx';
import { Field } from './kit/Field.tsx';
import { PasswordField } from './kit/PasswordField.tsx';
import { useAreas } from './kit/use-areas.ts';
import { useDefaultArea } from './kit/use-default-area.ts';
import { useForm } from './kit/use-form.ts';
import { fieldId } from './kit/use-problem-reporter.ts';

const FORM = 'forgot';

/** /forgetPassword (spec §2, §5): a code to the e-mail or phone, then a new password; back to login. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const areas = useAreas();
  const [snapshot, send] = useForm(forgotPasswordForm, {
    formId: FORM,
    initial: { kind: 'email', account: '', areaId: readCountryId(), code: '', password: '', password2: '' },
    onSuccess: () => void navigate('/login'),
  });
  const { values, problem } = snapshot.context;
  const invalid = (field: string) => problem?.field === field;

  useDefaultArea(values.areaId, areas, (areaId) => send({ type: 'SET', values: { areaId } }));

  return (
    <AuthCard
      testId="forgot-page"
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <>
          {t('forgot.remembered')} <Link to="/login">{t('register.logIn')}</Link>
        </>
      }
    >
      <AccountTabs
        value={values.kind}
        onChange={(kind) => send({ type: 'SET', values: { kind, account: '', code: '' } })}
      />
      <form
        className="form-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        {values.kind === 'email' ? (
          <Field
            id={fieldId(FORM, 'account')}
            label={t('auth.email')}
            type="email"
            inputMode="email"
            autoComplete="username"
            placeholder={t('auth.emailPlaceholder')}
            value={values.account}
            invalid={invalid('account')}
            onValue={(account) => send({ type: 'SET', values: { account } })}
          />
        ) : (
          <Field
            id={fieldId(FORM, 'account')}
            label={t('auth.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="username"
            placeholder={t('auth.phonePlaceholder')}
            value={values.account}
            invalid={invalid('account') || invalid('areaId')}
            prefix={
              <AreaSelect
                id={fieldId(FORM, 'areaId')}
                areas={areas}
                value={values.areaId}
                onChange={(areaId) => send({ type: 'SET', values: { areaId } })}
              />
            }
            onValue={(account) => send({ type: 'SET', values: { account } })}
          />
        )}
        <Field
          id={fieldId(FORM, 'code')}
          label={values.kind === 'email' ? t('auth.emailCode') : t('auth.smsCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('auth.codePlaceholder')}
          value={values.code}
          invalid={invalid('code')}
          onValue={(code) => send({ type: 'SET', values: { code } })}
          addon={<CodeButton actor={snapshot.children.sendCode} onSend={() => send({ type: 'SEND_CODE' })} />}
        />
        <PasswordField
          id={fieldId(FORM, 'password')}
          label={t('forgot.newPassword')}
          autoComplete="new-password"
          placeholder={t('auth.newPasswordPlaceholder')}
          hint={t('auth.passwordRule')}
          value={values.password}
          invalid={invalid('password')}
          onValue={(password) => send({ type: 'SET', values: { password } })}
        />
        <PasswordField
          id={fieldId(FORM, 'password2')}
          label={t('auth.password2')}
          autoComplete="new-password"
          placeholder={t('auth.password2Placeholder')}
          value={values.password2}
          invalid={invalid('password2')}
          onValue={(password2) => send({ type: 'SET', values: { password2 } })}
        />
        <button className="btn btn-primary btn-block" type="submit" disabled={!snapshot.matches('editing')}>
          {t('forgot.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
