import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { changePasswordForm } from '../../../machines/change-password.machine.ts';
import { RequireSignIn } from '../personal/RequireSignIn.tsx';
import { FormCard } from './kit/AuthCard.tsx';
import { FormStack } from './kit/FormStack.tsx';
import { NewPasswordFields } from './kit/NewPasswordFields.tsx';
import { PasswordField } from './kit/PasswordField.tsx';
import { TotpCodeField } from './kit/TotpCodeField.tsx';
import { useTwoFactorOn } from '../personal/security/use-two-factor-on.ts';
import { useForm } from './kit/use-form.ts';
import { fieldId } from './kit/use-problem-reporter.ts';

const FORM = 'reset';

function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [snapshot, send] = useForm(changePasswordForm, {
    formId: FORM,
    initial: { oldPassword: '', password: '', password2: '', totpCode: '' },
    onSuccess: () => void navigate('/personal/accountSettings'),
  });
  const { values, problem } = snapshot.context;
  const invalid = (field: string) => problem?.field === field;
  const twoFactor = useTwoFactorOn();
  return (
    <FormStack onSubmit={() => send({ type: 'SUBMIT' })}>
      <PasswordField
        id={fieldId(FORM, 'oldPassword')}
        label={t('security.oldPassword')}
        autoComplete="current-password"
        placeholder={t('auth.passwordPlaceholder')}
        value={values.oldPassword}
        invalid={invalid('oldPassword')}
        onValue={(oldPassword) => send({ type: 'SET', values: { oldPassword } })}
      />
      <NewPasswordFields
        form={FORM}
        label={t('forgot.newPassword')}
        values={values}
        invalid={invalid}
        onSet={(changes) => send({ type: 'SET', values: changes })}
      />
      {twoFactor && (
        <TotpCodeField
          id={fieldId(FORM, 'totpCode')}
          value={values.totpCode}
          onValue={(totpCode) => send({ type: 'SET', values: { totpCode } })}
        />
      )}
      <button className="btn btn-primary btn-block" type="submit" disabled={!snapshot.matches('editing')}>
        {t('security.changePassword')}
      </button>
    </FormStack>
  );
}

/** /resetPassword (spec §5 Change login password): old, new, confirmation. Other sessions end. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      <FormCard
        testId="reset-password-page"
        title={t('pages.resetPassword')}
        subtitle={t('security.resetSubtitle')}
      >
        <ChangePasswordForm />
      </FormCard>
    </RequireSignIn>
  );
}
