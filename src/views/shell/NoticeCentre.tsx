import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NOTICE_KINDS, unreadCount, type Notice } from '../../domain/notices/notice-list.ts';
import { readPref } from '../../machines/local-prefs.ts';
import { readNoticePrefs, readNotices, type NoticePrefs } from '../../machines/notice-store.ts';
import { useLatest } from '../pages/auth/kit/use-latest.ts';
import { useServices } from '../services-context.ts';
import { useMachine } from '../use-app-actor.ts';
import { useNumberText } from '../use-number-text.ts';
import { noticeText } from './notice-text.ts';
import { useHeaderPopover } from './use-header-popover.ts';
import './notice-centre.css';

/** A short chime made on the spot (no sound file to load), for users who switched sound on. */
function chime(): void {
  try {
    const context = new AudioContext();
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.08, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.3);
    tone.connect(gain).connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.3);
    tone.onended = () => void context.close();
  } catch {
    // No audio here (or it is blocked until the user interacts): the toast still tells.
  }
}

function browserNotificationsAllowed(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

function NoticeItem({ notice, onOpen }: { notice: Notice; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const numbers = useNumberText();
  const time = new Intl.DateTimeFormat(i18n.language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(notice.at);
  return (
    <li
      className={notice.read ? 'notice-item' : 'notice-item unread'}
      data-testid="notice"
      data-kind={notice.kind}
    >
      <Link to={notice.link} onClick={onOpen}>
        <span className="notice-kind">{t(`notices.kind.${notice.kind}`)}</span>
        <span className="notice-text">{noticeText(notice, t, numbers)}</span>
        <time className="notice-time">{time}</time>
      </Link>
    </li>
  );
}

/** The panel's settings: which kinds, browser notifications, sound. */
function NoticeSettings({ prefs, send }: { prefs: NoticePrefs; send: (event: never) => void }) {
  const { t } = useTranslation();
  const post = send as (event: object) => void;
  const [permission, setPermission] = useState(() =>
    typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
  );
  return (
    <fieldset className="notice-settings" data-testid="notice-settings">
      <legend>{t('notices.settings')}</legend>
      {NOTICE_KINDS.map((kind) => (
        <label key={kind}>
          <input
            type="checkbox"
            checked={prefs.kinds[kind]}
            onChange={(event) => post({ type: 'KIND', kind, on: event.target.checked })}
          />
          {t(`notices.kind.${kind}`)}
        </label>
      ))}
      <label>
        <input
          type="checkbox"
          checked={prefs.sound}
          onChange={(event) => post({ type: 'SOUND', on: event.target.checked })}
        />
        {t('notices.sound')}
      </label>
      <label>
        <input
          type="checkbox"
          checked={prefs.browser && permission === 'granted'}
          disabled={permission === 'unsupported' || permission === 'denied'}
          onChange={async (event) => {
            const on = event.target.checked;
            if (on && permission !== 'granted' && typeof Notification !== 'undefined') {
              const answer = await Notification.requestPermission();
              setPermission(answer);
              post({ type: 'BROWSER', on: answer === 'granted' });
            } else post({ type: 'BROWSER', on });
          }}
        />
        {t('notices.browser')}
      </label>
      {permission === 'denied' && <p className="notice-hint">{t('notices.browserDenied')}</p>}
    </fieldset>
  );
}

function Centre({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { machines, toasts } = useServices();
  const { open, setOpen, root, toggle, onKeyDown } = useHeaderPopover();
  const [settings, setSettings] = useState(false);
  const numbers = useNumberText();
  const latest = useLatest({ t, toasts, numbers });
  const [logic] = useState(() =>
    machines.alerts.noticeCentre({
      announce: (_, { notices, prefs }) => {
        const { t: translate, toasts: store, numbers: format } = latest.current;
        for (const notice of notices) {
          const text = noticeText(notice, translate, format);
          store.show('info', text);
          if (prefs.browser && browserNotificationsAllowed()) {
            try {
              new Notification(translate(`notices.kind.${notice.kind}`), { body: text, tag: notice.key });
            } catch {
              // Some browsers allow notifications only from a service worker: the toast told already.
            }
          }
        }
        if (prefs.sound && notices.length > 0) chime();
      },
    }),
  );
  const [snapshot, send] = useMachine(logic, {
    input: { userId, notices: readNotices(userId), prefs: readNoticePrefs() },
  });
  const { notices, prefs } = snapshot.context;
  const unread = unreadCount(notices);

  return (
    <div className="notice-centre" ref={root} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="icon-button notice-trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={unread > 0 ? t('notices.openUnread', { count: unread }) : t('notices.open')}
        title={t('notices.title')}
        data-testid="notice-toggle"
        onClick={toggle}
      >
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && (
          <span className="notice-badge" aria-hidden="true" data-testid="notice-unread">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          className="notice-panel"
          role="dialog"
          aria-label={t('notices.title')}
          data-testid="notice-panel"
        >
          <div className="notice-panel-head">
            <strong>{t('notices.title')}</strong>
            <button
              type="button"
              className="notice-action"
              disabled={unread === 0}
              onClick={() => send({ type: 'MARK_ALL_READ' })}
              data-testid="notice-read-all"
            >
              {t('notices.readAll')}
            </button>
            <button
              type="button"
              className="notice-action"
              aria-expanded={settings}
              onClick={() => setSettings((value) => !value)}
              data-testid="notice-settings-toggle"
            >
              {t('notices.settings')}
            </button>
          </div>
          {settings && <NoticeSettings prefs={prefs} send={send as (event: never) => void} />}
          {notices.length === 0 ? (
            <p className="notice-empty">{t('notices.empty')}</p>
          ) : (
            <ul className="notice-list">
              {notices.map((notice) => (
                <NoticeItem key={notice.key} notice={notice} onOpen={() => setOpen(false)} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** The notification centre of the signed-in user (header bell), remounted for another user. */
export function NoticeCentre() {
  const userId = Number(readPref('uid') ?? 0);
  return <Centre key={userId} userId={userId} />;
}
