import { readPref, writePref } from './local-prefs.ts';

/**
 * The trader's own habits for the trading screens, kept in localStorage and shared by every block
 * that follows them (the screens, the personal settings): a change in one shows in all.
 */
export interface TraderPrefs {
  /** Keyboard trading (domain/trade-shortcuts.ts): on unless switched off. */
  readonly shortcuts: boolean;
  /** "Pro": orders go without the confirmation dialogs. Off unless switched on. */
  readonly skipConfirm: boolean;
}

type Listener = () => void;

export function createTraderPrefs(
  options: {
    read?: (key: 'tradeShortcuts' | 'skipConfirm') => string | null;
    write?: (key: 'tradeShortcuts' | 'skipConfirm', value: string) => void;
  } = {},
) {
  const read = options.read ?? readPref;
  const write = options.write ?? writePref;
  const listeners = new Set<Listener>();
  let current: TraderPrefs | null = null;

  return {
    get(): TraderPrefs {
      // Anything but the stored "off" / "on" keeps the safe default.
      current ??= { shortcuts: read('tradeShortcuts') !== '0', skipConfirm: read('skipConfirm') === '1' };
      return current;
    },
    set(change: Partial<TraderPrefs>): void {
      const next = { ...this.get(), ...change };
      write('tradeShortcuts', next.shortcuts ? '1' : '0');
      write('skipConfirm', next.skipConfirm ? '1' : '0');
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type TraderPrefsStore = ReturnType<typeof createTraderPrefs>;

/** The app's one store of trader preferences. */
export const traderPrefs: TraderPrefsStore = createTraderPrefs();
