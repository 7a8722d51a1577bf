import { useSyncExternalStore } from 'react';

/**
 * Whether the inspector drawer is open: one flag for the whole tab, so the header's developer
 * menu (drawn in either of the header's layouts) and the keyboard shortcut agree.
 */
let open = false;
const listeners = new Set<() => void>();

export function setInspectorOpen(next: boolean): void {
  if (next === open) return;
  open = next;
  for (const listener of listeners) listener();
}

export function useInspectorOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}

/** Whether the market replay panel is open (the developer menu opens it; one flag per tab). */
let replayOpen = false;
const replayListeners = new Set<() => void>();

export function setReplayOpen(next: boolean): void {
  if (next === replayOpen) return;
  replayOpen = next;
  for (const listener of replayListeners) listener();
}

export function useReplayOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      replayListeners.add(listener);
      return () => replayListeners.delete(listener);
    },
    () => replayOpen,
  );
}

/** The inspector's shortcut: Alt+Shift+D (by key position, so it works on every layout). */
export const SHORTCUT_LABEL = 'Alt+Shift+D';
export function isInspectorShortcut(event: KeyboardEvent): boolean {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyD';
}

/** The market replay's shortcut: Alt+Shift+R (by key position). */
export const REPLAY_SHORTCUT_LABEL = 'Alt+Shift+R';
export function isReplayShortcut(event: KeyboardEvent): boolean {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyR';
}
