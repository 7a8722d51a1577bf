import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerOf } from '../../../../api/catalogue.ts';
import { FLAG_ON } from '../../../../domain/contract-codes.ts';
import { endSessionForm, NO_SESSION } from '../../../../machines/end-session.machine.ts';
import { useServices } from '../../../services-context.ts';
import { useLoadable } from '../../../use-loadable.ts';
import { TimeText } from '../../assets/TimeText.tsx';
import { useForm } from '../../auth/kit/use-form.ts';
import { Field } from '../../auth/kit/Field.tsx';
import { fieldId } from '../../auth/kit/use-problem-reporter.ts';
import './security.css';

type Session = AnswerOf<'security/sessions'>[number];

function SessionItem({ session, onEnd, busy }: { session: Session; onEnd: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const current = session.current === FLAG_ON;
  const what =
    session.browser && session.os
      ? t('securityCentre.browserOn', { browser: session.browser, os: session.os })
      : session.browser || session.os || t('securityCentre.unknownBrowser');
  return (
    <li className="session-item" data-testid="session-row">
      <div className="session-what">
        <p className="setting-title">
          {what}
          {current && (
            <span className="badge badge-ok session-current">{t('securityCentre.thisDevice')}</span>
          )}
        </p>
        <p className="setting-desc">
          {t(`securityCentre.kind.${session.kind}`)} · {session.address || t('securityCentre.thisBrowser')}
        </p>
        <p className="setting-desc">
          {t('securityCentre.lastSeen')} <TimeText value={session.last_seen} />
        </p>
      </div>
      {!current && (
        <button type="button" className="btn btn-small" disabled={busy} onClick={onEnd}>
          {t('securityCentre.endSession')}
        </button>
      )}
    </li>
  );
}

/**
 * The signed-in sessions (issue 34): device, browser, address and when each was last seen; any but
 * this one can be ended (its sockets stop getting private pushes at once, as a logout's do).
 */
/** twoFactor: two-factor sign-in is on, so signing a device out needs a code from the app. */
export function SessionsCard({ twoFactor }: { twoFactor: boolean }) {
  const { t } = useTranslation();
  const { queries } = useServices();
  const [attempt, setAttempt] = useState(0);
  const sessions = useLoadable(queries.personal.sessions$, attempt);
  const [snapshot, send] = useForm(endSessionForm, {
    formId: 'endSession',
    initial: NO_SESSION,
    onSuccess: () => setAttempt((value) => value + 1),
  });
  const busy = !snapshot.matches('editing');
  return (
    <section className="card" aria-labelledby="sessions-title" data-testid="sessions">
      <div className="card-head">
        <div>
          <h2 id="sessions-title">{t('securityCentre.sessions')}</h2>
          <p className="card-lead">{t('securityCentre.sessionsLead')}</p>
        </div>
      </div>
      {twoFactor && (
        <div className="form-narrow">
          <Field
            id={fieldId('endSession', 'totpCode')}
            label={t('twoFactor.codeLabel')}
            autoComplete="one-time-code"
            maxLength={11}
            value={snapshot.context.values.totpCode}
            onValue={(totpCode) => send({ type: 'SET', values: { totpCode } })}
          />
        </div>
      )}
      {sessions.status === 'ready' ? (
        <ul className="setting-list">
          {sessions.data.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              busy={busy}
              onEnd={() => {
                send({ type: 'SET', values: { id: session.id } });
                send({ type: 'SUBMIT' });
              }}
            />
          ))}
        </ul>
      ) : sessions.status === 'failed' ? (
        <button type="button" className="btn" onClick={() => setAttempt((value) => value + 1)}>
          {t('common.retry')}
        </button>
      ) : (
        <p className="muted" aria-busy="true">
          {t('common.loading')}
        </p>
      )}
    </section>
  );
}
