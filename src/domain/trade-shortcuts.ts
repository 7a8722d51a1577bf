/**
 * Keyboard trading on the spot screen (issue 33 item 2): one key each, no modifier, as scalpers ask
 * for. A key never acts while the user types in a field (the field gets the key), nor with Ctrl, Alt
 * or Cmd held (the browser's and the system's shortcuts stay theirs), nor while it auto-repeats (a
 * held key places or cancels once). Escape in a field leaves it, so the keys work again.
 */

export type ShortcutAction =
  | { readonly kind: 'focus'; readonly side: 'buy' | 'sell' }
  | { readonly kind: 'mode'; readonly mode: 'limit' | 'market' }
  | { readonly kind: 'percent'; readonly percent: 25 | 50 | 75 | 100 }
  | { readonly kind: 'submit' }
  | { readonly kind: 'cancelNewest' }
  | { readonly kind: 'cancelAll' }
  | { readonly kind: 'search' }
  | { readonly kind: 'sheet' }
  | { readonly kind: 'leaveField' };

export interface Shortcut {
  /** `KeyboardEvent.key` as the browser reports it ("X" is Shift+X, "?" is Shift+/ on most layouts). */
  readonly key: string;
  /** Names the line in the shortcut sheet (trade.keys.<id>). */
  readonly id: string;
  readonly action: ShortcutAction;
}

/** Every shortcut, in the order the sheet and the personal settings list them. */
export const TRADE_SHORTCUTS: readonly Shortcut[] = [
  { key: 'b', id: 'focusBuy', action: { kind: 'focus', side: 'buy' } },
  { key: 's', id: 'focusSell', action: { kind: 'focus', side: 'sell' } },
  { key: 'l', id: 'limit', action: { kind: 'mode', mode: 'limit' } },
  { key: 'm', id: 'market', action: { kind: 'mode', mode: 'market' } },
  { key: '1', id: 'percent25', action: { kind: 'percent', percent: 25 } },
  { key: '2', id: 'percent50', action: { kind: 'percent', percent: 50 } },
  { key: '3', id: 'percent75', action: { kind: 'percent', percent: 75 } },
  { key: '4', id: 'percent100', action: { kind: 'percent', percent: 100 } },
  { key: 'p', id: 'submit', action: { kind: 'submit' } },
  { key: 'x', id: 'cancelNewest', action: { kind: 'cancelNewest' } },
  { key: 'X', id: 'cancelAll', action: { kind: 'cancelAll' } },
  { key: '/', id: 'search', action: { kind: 'search' } },
  { key: '?', id: 'sheet', action: { kind: 'sheet' } },
];

export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
  readonly repeat: boolean;
  /** The key went to a text field, a select or an editable element. */
  readonly typing: boolean;
}

const BY_KEY = new Map(TRADE_SHORTCUTS.map((shortcut) => [shortcut.key, shortcut.action]));

/** What a key press does on the trading screen, or null when it is not a shortcut there and then. */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  if (press.ctrlKey || press.altKey || press.metaKey || press.repeat) return null;
  if (press.typing) return press.key === 'Escape' ? { kind: 'leaveField' } : null;
  // Caps Lock on: a letter other than x/X means the same as its small letter.
  const key = press.key.length === 1 && press.key !== 'X' ? press.key.toLowerCase() : press.key;
  return BY_KEY.get(key) ?? null;
}
