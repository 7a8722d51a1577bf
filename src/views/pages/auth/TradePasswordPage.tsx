import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { displayPhone } from '../../../domain/phone.ts';
import { tradePasswordForm, type TradePasswordValues } from '../../../machines/trade-password.machine.ts';
import { RequireSignIn } from '../personal/RequireSignIn.tsx';
import { useUserInfo, type UserInfo } from '../personal/use-user-info.ts';
import { FormCard } from './kit/AuthCard.tsx';
import { CodeField } from './kit/CodeField.tsx';
import { FormStack } from './kit/FormStack.tsx';
import { NewPasswordFields } from './kit/NewPasswordFields.tsx';
import { TotpCodeField } from './kit/TotpCodeField.tsx';
import { useTwoFactorOn } from '../personal/security/use-two-factor-on.ts';
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
    totpCode: '',
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
  const twoFactor = useTwoFactorOn();

  return (
    <FormStack onSubmit={() => send({ type: 'SUBMIT' })}>
      <NewPasswordFields
        form={FORM}
        label={t('security.tradePassword')}
        values={values}
        invalid={invalid}
        onSet={(changes) => send({ type: 'SET', values: changes })}
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
              {displayPhone(info.area_code, info.mobile)}
            </label>
          </div>
        </fieldset>
      )}
      <CodeField
        id={fieldId(FORM, 'code')}
        byEmail={values.via === 'email'}
        hint={t('security.codeSentTo', {
          to: values.via === 'email' ? info.email : displayPhone(info.area_code, info.mobile),
        })}
        maxLength={16}
        value={values.code}
        invalid={invalid('code')}
        onValue={(code) => send({ type: 'SET', values: { code } })}
        actor={snapshot.children.sendCode}
        onSend={() => send({ type: 'SEND_CODE' })}
      />
      {twoFactor && (
        <TotpCodeField
          id={fieldId(FORM, 'totpCode')}
          value={values.totpCode}
          onValue={(totpCode) => send({ type: 'SET', values: { totpCode } })}
        />
      )}
      <button className="btn btn-primary btn-block" type="submit" disabled={!snapshot.matches('editing')}>
        {t('security.saveTradePassword')}
      </button>
    </FormStack>
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
  const { user, reload } = useUserInfo();
  if (user.status === 'ready') return <TradePasswordForm info={user.data} />;
  return user.status === 'failed' ? (
    <button type="button" className="btn" onClick={reload}>
      {t('common.retry')}
    </button>
  ) : (
    <p className="muted" aria-busy="true">
      {t('common.loading')}
    </p>
  );
}
