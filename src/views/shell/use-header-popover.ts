import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A header button's popover (the account menu, the demo outbox, the notification centre): open
 * while toggled, closed by Escape inside it or by a press anywhere outside it.
 */
export function useHeaderPopover() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  return {
    open,
    setOpen,
    root,
    toggle: () => setOpen((value) => !value),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    },
  };
}
