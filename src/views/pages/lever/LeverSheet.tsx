import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sheetKeyDown } from '../../components/sheet-keys.ts';

/**
 * The lever order form in a modal bottom sheet on phones, as /trade does it (TradePhone's
 * OrderSheet, same classes): a title, a close button, Escape closes, Tab stays inside, and focus
 * goes to the first field. The form inside keeps its own long and short buttons and its confirm.
 */
export function LeverSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])')?.focus();
    // The page behind does not scroll while the sheet is up.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return (
    <div
      className="sheet-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className="trade-sheet lever-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="lever-sheet"
        onKeyDown={(event) => sheetKeyDown(event, dialog, onClose)}
      >
        <div className="sheet-head">
          <h2 id={titleId} className="visually-hidden">
            {t('lever.formTitle')}
          </h2>
          <button
            type="button"
            className="icon-button sheet-close"
            aria-label={t('trade.phone.close')}
            onClick={onClose}
            data-testid="lever-sheet-close"
          >
            <svg
              aria-hidden="true"
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div className="sheet-body">{children}</div>
      </div>
    </div>
  );
}
