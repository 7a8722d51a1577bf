import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { pnlCardMachine } from '../../../machines/pnl-card.machine.ts';
import { useSelector } from '../../use-app-actor.ts';
import { CARD_HEIGHT, CARD_WIDTH } from './draw-pnl-card.ts';
import './pnl-card.css';

type PnlCardRef = ActorRefFrom<typeof pnlCardMachine>;

/**
 * A PnL card in a modal dialog: the PNG exactly as it downloads, described for a screen reader by
 * its words, with Download and Copy. Focus goes to the dialog's first button and back to what
 * opened it on close; Escape closes it.
 */
export function PnlCardDialog({ card }: { card: PnlCardRef }) {
  const { t } = useTranslation();
  const hidden = useSelector(card, (s) => s.matches('hidden'));
  const picture = useSelector(card, (s) => s.context.picture);
  const image = useSelector(card, (s) => s.context.image);
  const copy = useSelector(card, (s) => s.context.copy);
  const state = useSelector(card, (s) =>
    s.matches('drawing')
      ? 'drawing'
      : s.matches('failed')
        ? 'failed'
        : s.matches('copying')
          ? 'copying'
          : 'ready',
  );
  const url = image?.preview ?? null;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hidden) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [hidden]);
  if (hidden || !picture) return null;
  const alt = t('pnlCard.alt', {
    pair: picture.pair,
    side: picture.side,
    percent: picture.percent,
    pnl: picture.pnl,
    rows: picture.rows.map((row) => `${row.label} ${row.value}`).join(', '),
  });
  return createPortal(
    <div
      className="pnl-card-dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby="pnl-card-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') card.send({ type: 'CLOSE' });
      }}
    >
      <div className="pnl-card-box" data-testid="pnl-card-dialog" ref={box}>
        <h3 id="pnl-card-title">{t('pnlCard.title')}</h3>
        <div className="pnl-card-frame" style={{ aspectRatio: `${CARD_WIDTH} / ${CARD_HEIGHT}` }}>
          {url ? (
            <img src={url} alt={alt} data-testid="pnl-card-image" width={CARD_WIDTH} height={CARD_HEIGHT} />
          ) : (
            <p className="pnl-card-note" role="status">
              {state === 'failed' ? t('pnlCard.failed') : t('pnlCard.drawing')}
            </p>
          )}
        </div>
        <p className="pnl-card-note" role="status" aria-live="polite" data-testid="pnl-card-status">
          {copy === 'copied' ? t('pnlCard.copied') : copy === 'failed' ? t('pnlCard.copyFailed') : ''}
        </p>
        <div className="pnl-card-buttons">
          <button type="button" className="btn" onClick={() => card.send({ type: 'CLOSE' })}>
            {t('common.close')}
          </button>
          {state === 'failed' ? (
            <button type="button" className="btn" onClick={() => card.send({ type: 'RETRY' })}>
              {t('common.retry')}
            </button>
          ) : (
            <>
              <button
                type="button"
                className="btn"
                disabled={state !== 'ready'}
                data-testid="pnl-card-copy"
                onClick={() => card.send({ type: 'COPY' })}
              >
                {t('pnlCard.copy')}
              </button>
              <button
                type="button"
                className="btn btn-primary"
                disabled={state !== 'ready'}
                data-testid="pnl-card-download"
                onClick={() => card.send({ type: 'SAVE' })}
              >
                {t('pnlCard.download')}
              </button>
            </>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
