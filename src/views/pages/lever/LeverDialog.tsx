import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A modal dialog of the lever screen, drawn on the page's body: the panels contain their layout and
 * paint (trade.css `contain: content`), which would clip a fixed overlay drawn inside them.
 *
 * Focus moves into the dialog when it opens and back to what opened it (a row's button) when it
 * closes, without scrolling: the positions table is wider than its panel at some widths, and
 * focusing the row's button with the browser's scroll-into-view would jump the table sideways.
 */
export function LeverDialog({
  labelledBy,
  testId,
  children,
  onEscape,
}: {
  labelledBy: string;
  testId: string;
  children: ReactNode;
  /** What Escape does (closes a dialog that has nothing to lose); without it, Escape does nothing. */
  onEscape?: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current
      ?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])')
      ?.focus({ preventScroll: true });
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  return createPortal(
    <div
      className="lever-dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onEscape) onEscape();
      }}
    >
      <div className="lever-dialog-box" data-testid={testId} ref={box}>
        {children}
      </div>
    </div>,
    document.body,
  );
}
