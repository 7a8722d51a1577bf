import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { normalizeAccount } from '../../../domain/validation/account.ts';
import { forgotPasswordForm } from '../../../machines/forgot-password.machine.ts';
import { readCountryId } from '../../../machines/login-prefs.ts';
import { AccountField } from './kit/AccountField.tsx';
import { AccountTabs } from './kit/AccountTabs.tsx';
import { AuthCard } from './kit/AuthCard.tsx';
import { CodeField } from './kit/CodeField.tsx';
import { FormStack } from './kit/FormStack.tsx';
import { NewPasswordFields } from './kit/NewPasswordFields.tsx';
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
  const [snapshot, send, actor] = useForm(forgotPasswordForm, {
    formId: FORM,
    initial: { kind: 'email', account: '', areaId: readCountryId(), code: '', password: '', password2: '' },
    // The login form starts with the account whose password was just reset, as after sign-up.
    onSuccess: () => {
      const { kind, account, areaId } = actor.getSnapshot().context.values;
      const handOver = { tab: kind, account: normalizeAccount(kind, account), areaId };
      void navigate('/login', { state: handOver });
    },
  });
  const { values, problem } = snapshot.context;
  const invalid = (field: string) => problem?.field === field;

  useDefaultArea(
    values.areaId,
    () => actor.getSnapshot().context.values.areaId,
    areas,
    (areaId) => send({ type: 'SET', values: { areaId } }),
  );

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
      <FormStack onSubmit={() => send({ type: 'SUBMIT' })}>
        <AccountField
          form={FORM}
          kind={values.kind}
          values={values}
          areas={areas}
          invalid={invalid}
          onSet={(changes) => send({ type: 'SET', values: changes })}
        />
        <CodeField
          id={fieldId(FORM, 'code')}
          byEmail={values.kind === 'email'}
          value={values.code}
          invalid={invalid('code')}
          onValue={(code) => send({ type: 'SET', values: { code } })}
          actor={snapshot.children.sendCode}
          onSend={() => send({ type: 'SEND_CODE' })}
        />
        <NewPasswordFields
          form={FORM}
          label={t('forgot.newPassword')}
          values={values}
          invalid={invalid}
          onSet={(changes) => send({ type: 'SET', values: changes })}
        />
        <button className="btn btn-primary btn-block" type="submit" disabled={!snapshot.matches('editing')}>
          {t('forgot.submit')}
        </button>
      </FormStack>
    </AuthCard>
  );
}
