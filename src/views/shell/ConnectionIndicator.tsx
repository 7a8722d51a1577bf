import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../../streams/connection-state.ts';
import { useServices } from '../services-context.ts';
import { useObservable } from '../use-observable.ts';
import './connection.css';

const CONNECTING: ConnectionState = { kind: 'connecting' };

/** The connection's state, and its full name: "Connection status: Reconnecting, next try in 27 s". */
function useConnection() {
  const { t } = useTranslation();
  const { queries } = useServices();
  const state = useObservable(queries.connection.state$, CONNECTING);
  const label = t(`header.connection.${state.kind}`);
  const eta =
    'secondsLeft' in state
      ? state.secondsLeft === null
        ? t('header.connection.trying')
        : t('header.connection.nextTry', { count: state.secondsLeft })
      : null;
  const name = `${t('header.connection.status')}: ${label}${eta ? `, ${eta}` : ''}`;
  return { state, label, name, retryNow: queries.connection.retryNow };
}

/**
 * The connection's state as a status mark on the brand's logo (DESIGN.md "Live data says how live
 * it is"): green while live, grey while first connecting, amber while reconnecting, red offline. It
 * sits over the logo's corner, so it takes no room from the header's row, which has none to spare
 * at 1280 px. After a drop ConnectionRetry says the rest in words.
 */
export function ConnectionMark() {
  const { state, name } = useConnection();
  return (
    <span
      className="connection-mark"
      role="img"
      aria-label={name}
      title={name}
      data-testid="connection-indicator"
      data-state={state.kind}
    />
  );
}

/**
 * After a drop: a pill that says reconnecting or offline with the seconds to the next try, and
 * tries at once when pressed. Nothing while the connection is live or connecting for the first time.
 */
export function ConnectionRetry() {
  const { t } = useTranslation();
  const { state, label, name, retryNow } = useConnection();
  if (!('secondsLeft' in state)) return null;
  const action = `${name}. ${t('header.connection.retryNow')}`;
  return (
    <button
      type="button"
      className="connection-away"
      data-state={state.kind}
      data-testid="connection-retry"
      title={action}
      aria-label={action}
      onClick={() => retryNow()}
    >
      <span className="connection-label" aria-hidden="true">
        {label}
      </span>
      <span className="connection-eta" aria-hidden="true">
        {state.secondsLeft === null ? '…' : t('header.connection.seconds', { count: state.secondsLeft })}
      </span>
    </button>
  );
}

const ANNOUNCEMENT = {
  reconnecting: 'header.connection.announceReconnecting',
  offline: 'header.connection.announceOffline',
  back: 'header.connection.announceLive',
} as const;

/**
 * A polite live region that tells screen readers when the connection drops, goes offline and comes
 * back: each change once, never the countdown's seconds, nothing for a page's first connect. It is
 * rendered once beside the header (Layout.tsx): a region that remounts loses what it was saying.
 */
export function ConnectionAnnouncer() {
  const { t } = useTranslation();
  const { queries } = useServices();
  const news = useObservable(queries.connection.news$, null);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid="connection-announcement">
      {news ? t(ANNOUNCEMENT[news]) : ''}
    </div>
  );
}
