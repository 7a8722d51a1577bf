import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { tradePasswordForm, type TradePasswordValues } from '../../../machines/trade-password.machine.ts';
import { RequireSignIn } from '../personal/RequireSignIn.tsx';
import { useUserInfo, type UserInfo } from '../personal/use-user-info.ts';
import { FormCard } from './kit/AuthCard.tsx';
import { CodeButton } from './kit/CodeButton.tsx';
import { Field } from './kit/Field.tsx';
import { PasswordField } from './kit/PasswordField.tsx';
import { useForm } from './kit/use-form.ts';
import { fieldId } from './kit/use-problem-reporter.ts';

const FORM = 'trade';

function initialValues(info: UserInfo): TradePasswordValues {
  return {
    password: '',
    password2: '',
    code: '',
    via: info.email ? 'email' : 'sms',
    email: info.email,
    mobile: info.mobile,
    areaId: info.area_id ?? null,
  };
}

function TradePasswordForm({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [snapshot, send] = useForm(tradePasswordForm, {
    formId: FORM,
    initial: initialValues(info),
    onSuccess: () => void navigate('/personal/accountSettings'),
  });
  const { values, problem } = snapshot.context;
  const invalid = (field: string) => problem?.field === field;
  const both = info.email !== '' && info.mobile !== '';

  return (
    <form
      className="form-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <PasswordField
        id={fieldId(FORM, 'password')}
        label={t('security.tradePassword')}
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
      {both && (
        <fieldset className="field plain-fieldset" id={fieldId(FORM, 'via')}>
          <legend className="field-label">{t('security.codeVia')}</legend>
          <div className="choice-group">
            <label>
              <input
                type="radio"
                name="via"
                checked={values.via === 'email'}
                onChange={() => send({ type: 'SET', values: { via: 'email' } })}
              />
              {info.email}
            </label>
            <label>
              <input
                type="radio"
                name="via"
                checked={values.via === 'sms'}
                onChange={() => send({ type: 'SET', values: { via: 'sms' } })}
              />
              {info.mobile}
            </label>
          </div>
        </fieldset>
      )}
      <Field
        id={fieldId(FORM, 'code')}
        label={values.via === 'email' ? t('auth.emailCode') : t('auth.smsCode')}
        hint={t('security.codeSentTo', { to: values.via === 'email' ? info.email : info.mobile })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={16}
        placeholder={t('auth.codePlaceholder')}
        value={values.code}
        invalid={invalid('code')}
        onValue={(code) => send({ type: 'SET', values: { code } })}
        addon={<CodeButton actor={snapshot.children.sendCode} onSend={() => send({ type: 'SEND_CODE' })} />}
      />
      <button className="btn btn-primary btn-block" type="submit" disabled={!snapshot.matches('editing')}>
        {t('security.saveTradePassword')}
      </button>
    </form>
  );
}

/** /tradePassword (spec §5): the trade password twice and a code to the bound e-mail or phone. */
export default function TradePasswordPage() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      <FormCard
        testId="trade-password-page"
        title={t('pages.tradePassword')}
        subtitle={t('security.tradeSubtitle')}
      >
        <TradePasswordBody />
      </FormCard>
    </RequireSignIn>
  );
}

function TradePasswordBody() {
  const { t } = useTranslation();
  const { info, failed, reload } = useUserInfo();
  if (info) return <TradePasswordForm info={info} />;
  return failed ? (
    <button type="button" className="btn" onClick={reload}>
      {t('common.retry')}
    </button>
  ) : (
    <p className="muted" aria-busy="true">
      {t('common.loading')}
    </p>
  );
}
