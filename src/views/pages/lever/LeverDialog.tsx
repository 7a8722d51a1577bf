import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A modal dialog of the lever screen, drawn on the page's body: the panels contain their layout and
 * paint (trade.css `contain: content`), which would clip a fixed overlay drawn inside them.
 */
export function LeverDialog({
  labelledBy,
  testId,
  children,
}: {
  labelledBy: string;
  testId: string;
  children: ReactNode;
}) {
  return createPortal(
    <div className="lever-dialog" role="dialog" aria-modal="true" aria-labelledby={labelledBy}>
      <div className="lever-dialog-box" data-testid={testId}>
        {children}
      </div>
    </div>,
    document.body,
  );
}
