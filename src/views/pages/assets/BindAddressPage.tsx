import { useMachine, useSelector } from '../../use-app-actor.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { BINDABLE_COINS, chainsOf } from '../../../domain/address-book/chains.ts';
import { formatNewsDate } from '../../../domain/format.ts';
import { bindAddressMachine } from '../../../machines/bind-address.machine.ts';
import { useServices } from '../../services-context.ts';
import { CodeField } from '../auth/kit/CodeField.tsx';
import { Field } from '../auth/kit/Field.tsx';
import { FormStack } from '../auth/kit/FormStack.tsx';
import { useLatest } from '../auth/kit/use-latest.ts';
import { fieldId, useProblemReporter } from '../auth/kit/use-problem-reporter.ts';
import { RequireSignIn } from '../personal/RequireSignIn.tsx';
import { useUserInfo, type UserInfo } from '../personal/use-user-info.ts';
import '../auth/kit/forms.css';
import './assets.css';

const FORM = 'bind';

function BindForm({ actor, info }: { actor: ActorRefFrom<typeof bindAddressMachine>; info: UserInfo }) {
  const { t } = useTranslation();
  const snapshot = useSelector(actor, (state) => state);
  const { values, problem, contacts } = snapshot.context;
  const send = actor.send;
  const invalid = (field: string) => problem?.field === field;
  const chains = chainsOf(values.coin);

  if (!contacts.email && !contacts.mobile) return <p className="muted">{t('address.noContact')}</p>;
  return (
    <FormStack onSubmit={() => send({ type: 'SUBMIT' })}>
      <div className="bind-row">
        <div className={`field${invalid('coin') ? ' field-invalid' : ''}`}>
          <label htmlFor={fieldId(FORM, 'coin')}>{t('address.coin')}</label>
          <div className="field-box">
            <select
              id={fieldId(FORM, 'coin')}
              value={values.coin}
              onChange={(event) => send({ type: 'SET', values: { coin: event.target.value } })}
            >
              {BINDABLE_COINS.map((coin) => (
                <option key={coin} value={coin}>
                  {coin}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset className="field plain-fieldset" id={fieldId(FORM, 'chain')}>
          <legend className="field-label">{t('address.chain')}</legend>
          <div className="choice-group">
            {chains.map((option) => (
              <label key={option.chain}>
                <input
                  type="radio"
                  name="chain"
                  checked={values.chain === option.chain}
                  onChange={() => send({ type: 'SET', values: { chain: option.chain } })}
                />
                {option.chain}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <Field
        id={fieldId(FORM, 'address')}
        label={t('address.address')}
        placeholder={t('address.addressPlaceholder')}
        autoComplete="off"
        spellCheck={false}
        maxLength={128}
        value={values.address}
        invalid={invalid('address')}
        onValue={(address) => send({ type: 'SET', values: { address } })}
      />
      <Field
        id={fieldId(FORM, 'label')}
        label={t('address.label')}
        placeholder={t('address.labelPlaceholder')}
        maxLength={60}
        value={values.label}
        invalid={invalid('label')}
        onValue={(label) => send({ type: 'SET', values: { label } })}
      />
      {contacts.email && contacts.mobile && (
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
                checked={values.via === 'mobile'}
                onChange={() => send({ type: 'SET', values: { via: 'mobile' } })}
              />
              {info.mobile}
            </label>
          </div>
        </fieldset>
      )}
      <CodeField
        id={fieldId(FORM, 'code')}
        byEmail={values.via === 'email'}
        hint={t('security.codeSentTo', { to: values.via === 'email' ? info.email : info.mobile })}
        value={values.code}
        invalid={invalid('code')}
        onValue={(code) => send({ type: 'SET', values: { code } })}
        actor={snapshot.children.sendCode}
        onSend={() => send({ type: 'SEND_CODE' })}
      />
      <button className="btn btn-primary btn-block" type="submit" disabled={!snapshot.matches('editing')}>
        {t('address.bind')}
      </button>
    </FormStack>
  );
}

function AddressBook({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const { machines } = useServices();
  const report = useProblemReporter(FORM);
  const latest = useLatest({ report });
  const [logic] = useState(() =>
    machines.wallet.addressBook({ reportProblem: (_, { problem }) => latest.current.report(problem) }),
  );
  const [snapshot, send] = useMachine(logic, {
    input: { contacts: { email: info.email !== '', mobile: info.mobile !== '' } },
  });
  const { entries, pending, editing } = snapshot.context;
  const bindForm = snapshot.children.bindForm;
  const busy = !snapshot.matches('ready');

  return (
    <div className="address-book" data-testid="address-book">
      <section className="address-card" aria-labelledby="bind-title">
        <h2 id="bind-title">{t('address.formTitle')}</h2>
        <p className="muted">{t('address.lead')}</p>
        {bindForm && <BindForm actor={bindForm} info={info} />}
      </section>
      <section className="address-card" aria-labelledby="list-title">
        <h2 id="list-title">{t('address.listTitle')}</h2>
        {snapshot.matches('failed') ? (
          <button type="button" className="btn" onClick={() => send({ type: 'RETRY' })}>
            {t('common.retry')}
          </button>
        ) : snapshot.matches('loading') && entries.length === 0 ? (
          <p className="muted" aria-busy="true">
            {t('common.loading')}
          </p>
        ) : entries.length === 0 ? (
          <p className="muted">{t('address.empty')}</p>
        ) : (
          <ul className="address-list">
            {entries.map((entry) => (
              <li key={entry.id} className="address-item" data-testid="address-item">
                <div className="address-head">
                  <span className="address-coin">
                    {entry.coin_name} · {entry.chain}
                  </span>
                  {editing?.id === entry.id ? (
                    <form
                      className="address-rename"
                      onSubmit={(event) => {
                        event.preventDefault();
                        send({ type: 'SAVE_LABEL' });
                      }}
                    >
                      <input
                        aria-label={t('address.label')}
                        maxLength={60}
                        value={editing.label}
                        onChange={(event) => send({ type: 'LABEL', label: event.target.value })}
                      />
                      <button type="submit" className="btn btn-sm btn-outline">
                        {t('address.save')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline"
                        onClick={() => send({ type: 'CANCEL' })}
                      >
                        {t('address.cancel')}
                      </button>
                    </form>
                  ) : (
                    entry.label && <span className="address-label">{entry.label}</span>
                  )}
                </div>
                <code className="address-text">{entry.address}</code>
                <div className="address-foot">
                  <span className="muted">
                    {t('address.created')} {formatNewsDate(entry.created_at)}
                  </span>
                  {pending === entry.id ? (
                    <span className="address-confirm" role="group" aria-label={t('address.confirmDelete')}>
                      <span>{t('address.confirmDelete')}</span>
                      <button
                        type="button"
                        className="btn btn-sm btn-primary"
                        onClick={() => send({ type: 'CONFIRM' })}
                      >
                        {t('address.delete')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline"
                        onClick={() => send({ type: 'CANCEL' })}
                      >
                        {t('address.keep')}
                      </button>
                    </span>
                  ) : (
                    <span className="address-actions">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline"
                        disabled={busy}
                        onClick={() => send({ type: 'RENAME', id: entry.id })}
                      >
                        {t('address.rename')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline"
                        disabled={busy}
                        onClick={() => send({ type: 'DELETE', id: entry.id })}
                      >
                        {t('address.delete')}
                      </button>
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function AddressBookBody() {
  const { t } = useTranslation();
  const { user, reload } = useUserInfo();
  if (user.status === 'ready') return <AddressBook info={user.data} />;
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

/** /assets/bindAddr: the withdrawal address book and the bind form. */
export default function BindAddressPage() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      <div className="assets-page" data-testid="bind-address-page">
        <h1>{t('pages.bindAddr')}</h1>
        <AddressBookBody />
      </div>
    </RequireSignIn>
  );
}
