import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { bindEmailForm } from '../../../machines/bind-email.machine.ts';
import { RequireSignIn } from '../personal/RequireSignIn.tsx';
import { FormCard } from './kit/AuthCard.tsx';
import { CodeButton } from './kit/CodeButton.tsx';
import { Field } from './kit/Field.tsx';
import { useForm } from './kit/use-form.ts';
import { fieldId } from './kit/use-problem-reporter.ts';

const FORM = 'bind';

function BindEmailForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [snapshot, send] = useForm(bindEmailForm, {
    formId: FORM,
    initial: { email: '', code: '' },
    onSuccess: () => void navigate('/personal/accountSettings'),
  });
  const { values, problem } = snapshot.context;
  const invalid = (field: string) => problem?.field === field;
  return (
    <form
      className="form-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <Field
        id={fieldId(FORM, 'email')}
        label={t('auth.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('auth.emailPlaceholder')}
        value={values.email}
        invalid={invalid('email')}
        onValue={(email) => send({ type: 'SET', values: { email } })}
      />
      <Field
        id={fieldId(FORM, 'code')}
        label={t('auth.emailCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('auth.codePlaceholder')}
        value={values.code}
        invalid={invalid('code')}
        onValue={(code) => send({ type: 'SET', values: { code } })}
        addon={<CodeButton actor={snapshot.children.sendCode} onSend={() => send({ type: 'SEND_CODE' })} />}
      />
      <button className="btn btn-primary btn-block" type="submit" disabled={!snapshot.matches('editing')}>
        {t('security.bindEmail')}
      </button>
    </form>
  );
}

/** /bindAccount (spec §2, §5): bind an e-mail with a code sent to it (legacy sms_mail, safe/email). */
export default function BindEmailPage() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      <FormCard testId="bind-email-page" title={t('pages.bindAccount')} subtitle={t('security.bindSubtitle')}>
        <BindEmailForm />
      </FormCard>
    </RequireSignIn>
  );
}
