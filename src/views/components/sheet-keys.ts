import type { KeyboardEvent, RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, [tabindex]:not([tabindex="-1"])';

/**
 * The keys of a modal bottom sheet (the trade and lever order forms on a phone): Escape closes it,
 * and Tab / Shift+Tab wrap around inside it, so focus never falls behind the sheet.
 */
export function sheetKeyDown(
  event: KeyboardEvent<HTMLElement>,
  dialog: RefObject<HTMLElement | null>,
  onClose: () => void,
): void {
  if (event.key === 'Escape') {
    event.stopPropagation();
    onClose();
    return;
  }
  if (event.key !== 'Tab' || !dialog.current) return;
  const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.offsetParent !== null,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
