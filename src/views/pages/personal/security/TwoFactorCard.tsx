import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TWO_FACTOR_OFF_START, twoFactorOffForm } from '../../../../machines/two-factor-off.machine.ts';
import { QrImage } from '../../../components/QrImage.tsx';
import { useServices } from '../../../services-context.ts';
import { useMachine } from '../../../use-app-actor.ts';
import { Field } from '../../auth/kit/Field.tsx';
import { useForm } from '../../auth/kit/use-form.ts';
import { useLatest } from '../../auth/kit/use-latest.ts';
import { fieldId, useProblemReporter } from '../../auth/kit/use-problem-reporter.ts';
import './security.css';

const ENROL = 'twoFactorEnrol';
const OFF = 'twoFactorOff';

/**
 * Two-factor sign-in (TOTP): off, a button starts the set-up (a QR code and the key to type, then a
 * code from the app to confirm, then the recovery codes, shown once); on, the recovery codes left
 * and a form that turns it off with a code.
 */
export function TwoFactorCard({
  on,
  recoveryLeft,
  onChanged,
}: {
  on: boolean;
  recoveryLeft: number;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  // On from the moment the server confirmed it, while the recovery codes are still on screen (the
  // overview reloads only once they are put away: its answer would replace the set-up with them).
  const [confirmed, setConfirmed] = useState(false);
  // Once the overview says so itself, the bridge is no longer needed (and must not outlive a later
  // turning off).
  if (on && confirmed) setConfirmed(false);
  const shownOn = on || confirmed;
  return (
    <section className="card" aria-labelledby="two-factor-title" data-testid="two-factor">
      <div className="card-head">
        <div>
          <h2 id="two-factor-title">{t('twoFactor.title')}</h2>
          <p className="card-lead">{t('twoFactor.lead')}</p>
        </div>
        <span
          className={`badge security-state ${shownOn ? 'badge-ok' : 'badge-warn'}`}
          data-testid="two-factor-state"
        >
          {t(shownOn ? 'securityCentre.on' : 'securityCentre.off')}
        </span>
      </div>
      {on ? (
        <TwoFactorOff recoveryLeft={recoveryLeft} onChanged={onChanged} />
      ) : (
        <TwoFactorEnrol onConfirmed={() => setConfirmed(true)} onChanged={onChanged} />
      )}
    </section>
  );
}

function TwoFactorEnrol({ onConfirmed, onChanged }: { onConfirmed: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const { machines } = useServices();
  const report = useProblemReporter(ENROL);
  const latest = useLatest({ report, onConfirmed, onChanged });
  const [logic] = useState(() =>
    machines.personal.twoFactorEnrol({
      reportProblem: (_, { problem }) => latest.current.report(problem),
      confirmed: () => latest.current.onConfirmed(),
      enrolled: () => latest.current.onChanged(),
    }),
  );
  const [snapshot, send] = useMachine(logic);
  const { seed, code, recovery, problem } = snapshot.context;

  if (snapshot.matches('showingRecovery')) {
    return (
      <div className="form-stack form-narrow" data-testid="two-factor-recovery">
        <p role="status">{t('twoFactor.recoveryLead')}</p>
        <ol className="recovery-codes" translate="no">
          {recovery.map((item) => (
            <li key={item}>
              <code>{item}</code>
            </li>
          ))}
        </ol>
        <div>
          <button className="btn btn-primary" type="button" onClick={() => send({ type: 'DONE' })}>
            {t('twoFactor.recoveryKept')}
          </button>
        </div>
      </div>
    );
  }
  if (seed && (snapshot.matches('scanning') || snapshot.matches('confirming'))) {
    return (
      <form
        className="form-stack form-narrow"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <p>{t('twoFactor.scan')}</p>
        <QrImage className="two-factor-qr" text={seed.uri} label={t('twoFactor.qrLabel')} size={176} />
        <p className="muted">{t('twoFactor.orType')}</p>
        <code className="two-factor-secret" translate="no" data-testid="two-factor-secret">
          {seed.secret}
        </code>
        <Field
          id={fieldId(ENROL, 'totpCode')}
          label={t('twoFactor.confirmLabel')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={code}
          invalid={problem?.field === 'totpCode'}
          onValue={(value) => send({ type: 'SET', code: value })}
        />
        <div className="two-factor-actions">
          <button className="btn btn-primary" type="submit" disabled={!snapshot.matches('scanning')}>
            {t('twoFactor.confirm')}
          </button>
          <button className="btn" type="button" onClick={() => send({ type: 'CANCEL' })}>
            {t('twoFactor.cancel')}
          </button>
        </div>
      </form>
    );
  }
  return (
    <div>
      <button
        className="btn btn-primary"
        type="button"
        disabled={!snapshot.matches('idle')}
        onClick={() => send({ type: 'START' })}
      >
        {t('twoFactor.setUp')}
      </button>
    </div>
  );
}

function TwoFactorOff({ recoveryLeft, onChanged }: { recoveryLeft: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const [snapshot, send] = useForm(twoFactorOffForm, {
    formId: OFF,
    initial: TWO_FACTOR_OFF_START,
    onSuccess: onChanged,
  });
  const { values, problem } = snapshot.context;
  return (
    <form
      className="form-stack form-narrow"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <p className="muted" data-testid="recovery-left">
        {t('twoFactor.recoveryLeft', { left: recoveryLeft })}
      </p>
      <Field
        id={fieldId(OFF, 'totpCode')}
        label={t('twoFactor.codeLabel')}
        hint={t('twoFactor.codeHint')}
        autoComplete="one-time-code"
        maxLength={11}
        value={values.totpCode}
        invalid={problem?.field === 'totpCode'}
        onValue={(totpCode) => send({ type: 'SET', values: { totpCode } })}
      />
      <div>
        <button className="btn btn-primary" type="submit" disabled={!snapshot.matches('editing')}>
          {t('securityCentre.turnOff')}
        </button>
      </div>
    </form>
  );
}
