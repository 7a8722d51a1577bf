import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import {
  OTC_ORDER_ABNORMAL,
  OTC_ORDER_CANCELLED,
  OTC_ORDER_COMPLETED,
  OTC_ORDER_DELAYED,
  OTC_ORDER_DISPUTED,
  OTC_ORDER_PAID,
  OTC_ORDER_UNPAID,
} from '../../../domain/contract-codes.ts';
import { readPref } from '../../../machines/local-prefs.ts';
import { useSignedIn } from '../../use-session.ts';
import { useNumberText } from '../../use-number-text.ts';

/** The order statuses' label keys (spec §4 labels). */
const STATUS_KEY: Record<number, string> = {
  [OTC_ORDER_UNPAID]: 'p2p.status.unpaid',
  [OTC_ORDER_PAID]: 'p2p.status.paid',
  [OTC_ORDER_DELAYED]: 'p2p.status.delayed',
  [OTC_ORDER_DISPUTED]: 'p2p.status.disputed',
  [OTC_ORDER_COMPLETED]: 'p2p.status.completed',
  [OTC_ORDER_CANCELLED]: 'p2p.status.cancelled',
  [OTC_ORDER_ABNORMAL]: 'p2p.status.abnormal',
};

const STATUS_TONE: Record<number, string> = {
  [OTC_ORDER_UNPAID]: 'wait',
  [OTC_ORDER_PAID]: 'wait',
  [OTC_ORDER_DELAYED]: 'wait',
  [OTC_ORDER_DISPUTED]: 'alert',
  [OTC_ORDER_COMPLETED]: 'done',
  [OTC_ORDER_CANCELLED]: 'off',
  [OTC_ORDER_ABNORMAL]: 'alert',
};

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <span className={`p2p-badge p2p-badge-${STATUS_TONE[status] ?? 'off'}`} data-testid="p2p-status">
      {t(STATUS_KEY[status] ?? 'p2p.status.abnormal')}
    </span>
  );
}

export function PayMethods({ methods }: { methods: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <span className="p2p-methods">
      {methods.map((method) => (
        <span key={method} className={`p2p-method p2p-method-${method}`}>
          {t(`p2p.method.${method}`)}
        </span>
      ))}
    </span>
  );
}

/** The P2P section's tabs: the hall and my orders for everyone, the shop pages for sellers. */
export function P2pNav({ shop = false }: { shop?: boolean }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const isSeller = signedIn && readPref('isSeller') === '1';
  const links = shop
    ? [
        { to: '/myshop/myshoporders', key: 'p2p.nav.myShop' },
        { to: '/myshop/shoporders', key: 'p2p.nav.shopOrders' },
        { to: '/legalIndex/legal', key: 'p2p.nav.hall' },
      ]
    : [
        { to: '/legalIndex/legal', key: 'p2p.nav.hall' },
        ...(signedIn ? [{ to: '/legalIndex/orders', key: 'p2p.nav.orders' }] : []),
        ...(isSeller ? [{ to: '/myshop/myshoporders', key: 'p2p.nav.myShop' }] : []),
      ];
  return (
    <nav className="p2p-nav" aria-label={t('nav.legal')}>
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} className={({ isActive }) => (isActive ? 'active' : undefined)}>
          {t(link.key)}
        </NavLink>
      ))}
    </nav>
  );
}

/** A modal dialog drawn on the body (a panel's containment never clips it). */
export function P2pDialog({
  labelledBy,
  testId,
  children,
}: {
  labelledBy: string;
  testId: string;
  children: ReactNode;
}) {
  return createPortal(
    <div className="p2p-dialog" role="dialog" aria-modal="true" aria-labelledby={labelledBy}>
      <div className="p2p-dialog-box" data-testid={testId}>
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** A yes/no question before an action that moves coins or ends something. */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
}: {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <P2pDialog labelledBy="p2p-confirm-title" testId="p2p-confirm">
      <h2 id="p2p-confirm-title">{title}</h2>
      <div className="p2p-confirm-body">{body}</div>
      <div className="p2p-dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
          {t('p2p.back')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {confirmLabel}
        </button>
      </div>
    </P2pDialog>
  );
}

export function Pager({
  page,
  last,
  onPage,
}: {
  page: number;
  last: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (last <= 1) return null;
  return (
    <div className="p2p-pager">
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('p2p.prev')}
      </button>
      <span className="muted">
        {page} / {last}
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={page >= last}
        onClick={() => onPage(page + 1)}
      >
        {t('p2p.next')}
      </button>
    </div>
  );
}

/** The message of a number field's problem (order dialog, ad editor). */
export function entryMessageKey(kind: string): { key: string; vars?: Record<string, number> } {
  switch (kind) {
    case 'empty':
      return { key: 'p2p.required' };
    case 'notNumber':
    case 'tooLarge':
      return { key: `numberEntry.${kind}` };
    case 'tooManyDecimals':
      return { key: 'numberEntry.tooManyDecimals' };
    default:
      return { key: `server.${kind}` };
  }
}

/**
 * The mark of a floating-price ad (its price follows the market at a margin; floating-price.ts): the
 * margin with its sign. Nothing for a fixed price.
 */
export function FloatingMark({ margin }: { margin: string }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  if (margin === '') return null;
  const signed = margin.startsWith('-') ? `−${numbers.exact(margin.slice(1))}` : `+${numbers.exact(margin)}`;
  return (
    <span className="p2p-float" data-testid="p2p-floating">
      {t('p2p.floatingMark', { margin: signed })}
    </span>
  );
}
