import { useMachine } from '../use-app-actor.ts';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OutboxMessage } from '../../machines/outbox.machine.ts';
import { useLatest } from '../pages/auth/kit/use-latest.ts';
import { useServices } from '../services-context.ts';
import './demo-outbox.css';
import { useHeaderPopover } from './use-header-popover.ts';
import { useDemoTools } from '../use-demo-tools.ts';

function timeOf(at: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at);
}

/** The CSS property the toasts read to stay below the open panel (toasts.css). */
const PANEL_BOTTOM = '--outbox-panel-bottom';

/**
 * While the panel is open, publishes where its bottom edge is on the screen, so the toasts (fixed
 * at the top) sit below it instead of covering it. Follows the panel's size, scrolling and resizing.
 */
function usePanelBottom(panel: RefObject<HTMLDivElement | null>, open: boolean): void {
  useLayoutEffect(() => {
    const element = panel.current;
    if (!open || !element) return undefined;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty(PANEL_BOTTOM, `${Math.ceil(element.getBoundingClientRect().bottom)}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    window.addEventListener('resize', publish);
    window.addEventListener('scroll', publish, { passive: true, capture: true });
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', publish);
      window.removeEventListener('scroll', publish, { capture: true });
      root.style.removeProperty(PANEL_BOTTOM);
    };
  }, [panel, open]);
}

function MessageItem({ message }: { message: OutboxMessage }) {
  const { t, i18n } = useTranslation();
  const channel = message.channel === 'sms' ? t('outbox.sms') : t('outbox.email');
  return (
    <li className="outbox-item" data-testid="outbox-message">
      <div className="outbox-item-head">
        <span className="outbox-channel">{channel}</span>
        <span className="outbox-to" title={message.to}>
          {message.to}
        </span>
        <time className="outbox-time">{timeOf(message.at, i18n.language)}</time>
      </div>
      {message.anti_phishing !== '' && (
        <p className="outbox-anti-phishing" data-testid="outbox-anti-phishing">
          {t('outbox.antiPhishing')} <strong>{message.anti_phishing}</strong>
        </p>
      )}
      <p className="outbox-purpose">{t(`outbox.purpose.${message.purpose}`)}</p>
      {message.kind === 'code' ? (
        <p className="outbox-code-line">
          {t('outbox.yourCode')}{' '}
          <strong className="outbox-code num" data-testid="outbox-code">
            {message.code}
          </strong>
        </p>
      ) : (
        <p className="outbox-notice">
          {t(message.kind === 'address_added' ? 'outbox.addressAdded' : 'outbox.noAccount')}
        </p>
      )}
    </li>
  );
}

/**
 * The demo outbox in the header (simulator only): nothing is really sent, so verification codes
 * land here. Each arrival is also toasted; the list keeps the newest ones.
 */
function Outbox() {
  const { t } = useTranslation();
  const { machines, toasts } = useServices();
  const { open, root, toggle, onKeyDown } = useHeaderPopover();
  const panel = useRef<HTMLDivElement>(null);
  usePanelBottom(panel, open);
  const latest = useLatest({ t, toasts });
  const [logic] = useState(() =>
    machines.demo.outbox({
      announce: (_, { messages }) => {
        for (const message of messages) {
          latest.current.toasts.show(
            'info',
            message.kind === 'code'
              ? latest.current.t('outbox.toastCode', { code: message.code, to: message.to })
              : message.kind === 'address_added'
                ? latest.current.t('outbox.toastAddressAdded', { to: message.to })
                : latest.current.t('outbox.toastNotice', { to: message.to }),
          );
        }
      },
    }),
  );
  const [snapshot, send] = useMachine(logic);
  const { messages, unseen } = snapshot.context;

  // Opening the panel, and every arrival while it is open, counts as seen.
  useEffect(() => {
    if (open) send({ type: 'SEEN' });
  }, [open, send, unseen]);

  return (
    <div className="outbox" ref={root} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="icon-button outbox-trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={unseen > 0 ? t('outbox.openUnseen', { count: unseen }) : t('outbox.open')}
        title={t('outbox.title')}
        data-testid="outbox-toggle"
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
          <path d="M3 13l3-8h12l3 8v6H3zM3 13h5l1 2h6l1-2h5" />
        </svg>
        {unseen > 0 && (
          <span className="outbox-badge" aria-hidden="true">
            {unseen > 9 ? '9+' : unseen}
          </span>
        )}
      </button>
      {open && (
        <div
          className="outbox-panel"
          ref={panel}
          role="dialog"
          aria-label={t('outbox.title')}
          data-testid="outbox-panel"
        >
          <div className="outbox-panel-head">
            <strong>{t('outbox.title')}</strong>
            <span className="outbox-demo">{t('outbox.demo')}</span>
          </div>
          <p className="outbox-lead">{t('outbox.lead')}</p>
          {messages.length === 0 ? (
            <p className="outbox-empty">{t('outbox.empty')}</p>
          ) : (
            <ul className="outbox-list">
              {messages.map((message) => (
                <MessageItem key={message.id} message={message} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** Only the simulator has an outbox; a real server really sends its codes. */
export function DemoOutbox() {
  return useDemoTools() ? <Outbox /> : null;
}
