import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../../streams/connection-state.ts';
import { useServices } from '../services-context.ts';
import { useObservable } from '../use-observable.ts';
import './connection.css';

const CONNECTING: ConnectionState = { kind: 'connecting' };

/**
 * The header's connection state (DESIGN.md "Live data says how live it is"). Live and a first
 * connect are signal bars with a name (green, grey); after a drop a pill says reconnecting or
 * offline with the seconds to the next try, and pressing it tries at once. Screen readers hear the changes from
 * ConnectionAnnouncer, which outlives the header's switches between its full and compact rows.
 */
export function ConnectionIndicator() {
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

  return (
    <span className="connection" data-testid="connection-indicator" data-state={state.kind}>
      {eta === null ? (
        <span className="connection-live" role="img" aria-label={name} title={name}>
          {/* Signal bars rather than a dot: the backend badge beside it is a dot already. */}
          <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14">
            <rect x="1" y="8" width="3" height="5" rx="1" />
            <rect x="5.5" y="5" width="3" height="8" rx="1" />
            <rect x="10" y="1" width="3" height="12" rx="1" />
          </svg>
        </span>
      ) : (
        <button
          type="button"
          className="connection-away"
          title={`${name}. ${t('header.connection.retryNow')}`}
          aria-label={`${name}. ${t('header.connection.retryNow')}`}
          onClick={() => queries.connection.retryNow()}
        >
          <span className="connection-dot" aria-hidden="true" />
          <span className="connection-label" aria-hidden="true">
            {label}
          </span>
          <span className="connection-eta" aria-hidden="true">
            {'secondsLeft' in state && state.secondsLeft !== null
              ? t('header.connection.seconds', { count: state.secondsLeft })
              : '…'}
          </span>
        </button>
      )}
    </span>
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
