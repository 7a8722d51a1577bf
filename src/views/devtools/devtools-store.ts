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

/** Whether the inspector is open now (outside React). */
export function inspectorOpenNow(): boolean {
  return open;
}

/** The inspector and the replay panel start closed, in a prerendered page too. */
const closedAtFirst = () => false;

export function useInspectorOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    inspectorOpenNow,
    closedAtFirst,
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

/** Whether the replay panel is open now (outside React). */
export function replayOpenNow(): boolean {
  return replayOpen;
}

export function useReplayOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      replayListeners.add(listener);
      return () => replayListeners.delete(listener);
    },
    replayOpenNow,
    closedAtFirst,
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

let shortcutsInstalled = false;

/**
 * Listens for both shortcuts from the app's start (main.tsx), not from the developer menu's chunk:
 * that loads after the header, and a key pressed before it arrived was lost. A panel
 * asked for early opens when its code is in.
 */
export function installDevShortcuts(target: Pick<Window, 'addEventListener'> = window): void {
  if (shortcutsInstalled) return;
  shortcutsInstalled = true;
  target.addEventListener('keydown', (event: KeyboardEvent) => {
    if (isInspectorShortcut(event)) {
      event.preventDefault();
      setInspectorOpen(!open);
    } else if (isReplayShortcut(event)) {
      event.preventDefault();
      setReplayOpen(!replayOpen);
    }
  });
}
