import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { compareDecimal } from '../../../domain/format.ts';
import { dateTimeText } from '../../../domain/time-zone.ts';
import type { PnlCardPalette, PnlCardPicture } from '../../../machines/pnl-card.machine.ts';
import { useServices } from '../../services-context.ts';
import { useLoadable } from '../../use-loadable.ts';
import { useNumberText } from '../../use-number-text.ts';
import { useTimeZone, useZoneLabel } from '../use-time-zone.ts';

/** The figures of one card, as the page has them (decimal strings; the percent already signed). */
export interface PnlCardFigures {
  readonly product: 'lever' | 'micro';
  readonly id: number;
  readonly pair: string;
  /** "Long ×10", "Up": the side as the page words it. */
  readonly side: string;
  readonly sideUp: boolean;
  /** The entry price as the page shows it (formatted in the user's language, the pair's decimals). */
  readonly entryLabel: string;
  readonly entry: string;
  /** Mark (open) or exit (closed), with its label, as the page shows it. */
  readonly lastLabel: string;
  readonly last: string;
  readonly pnl: string;
  readonly currency: string;
  /** "+12.34" (percent, signed), or null when there is nothing to measure it against. */
  readonly percent: string | null;
  /** When it closed (ms); null while open (the figures are at the mark now). */
  readonly at: number | null;
}

/** The invite link a card's QR code carries: the register page with the user's invite code. */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/register?extension_code=${encodeURIComponent(code)}`;
}

/** The theme's colours now, from the design tokens on <html> (both themes, both colour choices). */
function currentPalette(): PnlCardPalette {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: token('--bg-raised', '#141821'),
    raised: token('--bg-sunken', '#0f1219'),
    border: token('--border', '#232938'),
    text: token('--text', '#eaecef'),
    muted: token('--text-muted', '#a4acbd'),
    brand: token('--brand', '#f0b90b'),
    up: token('--up', '#35d497'),
    down: token('--down', '#ff6b7d'),
    font: getComputedStyle(document.body).fontFamily || 'sans-serif',
  };
}

/**
 * Builds a PnL card's picture in the current language and theme; null until the user's invite
 * code is known (the card always carries it).
 */
export function usePnlPicture(): ((figures: PnlCardFigures) => PnlCardPicture) | null {
  const { t } = useTranslation();
  const numbers = useNumberText();
  const { zone } = useTimeZone();
  const zoneLabel = useZoneLabel(zone);
  const { queries } = useServices();
  const user = useLoadable(queries.personal.userInfo$);
  const code = user.status === 'ready' ? user.data.invite_code : null;
  const build = useCallback(
    (figures: PnlCardFigures): PnlCardPicture => {
      const sign = compareDecimal(figures.pnl, '0');
      return {
        product: t(`nav.${figures.product}`),
        moment:
          figures.at === null
            ? t('pnlCard.live')
            : t('pnlCard.closedAt', { time: `${dateTimeText(figures.at, zone)} ${zoneLabel}` }),
        pair: figures.pair,
        side: figures.side,
        sideUp: figures.sideUp,
        pnl: `${sign > 0 ? '+' : ''}${numbers.amount(figures.pnl, figures.currency)} ${figures.currency}`,
        percent: figures.percent === null ? '—' : numbers.percent(figures.percent),
        pnlTone: sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat',
        rows: [
          { label: figures.entryLabel, value: figures.entry },
          { label: figures.lastLabel, value: figures.last },
        ],
        invite: { link: inviteLink(window.location.origin, code ?? ''), caption: t('pnlCard.invite') },
        palette: currentPalette(),
        fileName: `tessera-${figures.product}-${figures.id}.png`,
      };
    },
    [t, numbers, zone, zoneLabel, code],
  );
  return code === null ? null : build;
}
