import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortcutFor, TRADE_SHORTCUTS, type KeyPress } from '../../../src/domain/trade-shortcuts.ts';

const keys = fc.oneof(
  fc.constantFrom(...TRADE_SHORTCUTS.map((shortcut) => shortcut.key), 'Escape', 'Enter', 'Tab', 'B', 'P'),
  fc.string({ minLength: 1, maxLength: 3 }),
);

const press = (over: Partial<KeyPress> & { key: string }): KeyPress => ({
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  repeat: false,
  typing: false,
  ...over,
});

describe('trade keyboard shortcuts', () => {
  it('never act while the user types in a field: only Escape does, and it only leaves the field', () => {
    fc.assert(
      fc.property(keys, (key) => {
        const action = shortcutFor(press({ key, typing: true }));
        expect(action).toEqual(key === 'Escape' ? { kind: 'leaveField' } : null);
      }),
    );
  });

  it('never act with Ctrl, Alt or Cmd held, nor on an auto-repeat', () => {
    fc.assert(
      fc.property(
        keys,
        fc.record({
          ctrlKey: fc.boolean(),
          altKey: fc.boolean(),
          metaKey: fc.boolean(),
          repeat: fc.boolean(),
        }),
        fc.boolean(),
        (key, held, typing) => {
          fc.pre(held.ctrlKey || held.altKey || held.metaKey || held.repeat);
          expect(shortcutFor(press({ key, typing, ...held }))).toBeNull();
        },
      ),
    );
  });

  it('each listed key does its own action, and a key not listed does nothing', () => {
    for (const shortcut of TRADE_SHORTCUTS)
      expect(shortcutFor(press({ key: shortcut.key }))).toBe(shortcut.action);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 3 }), (key) => {
        const listed = TRADE_SHORTCUTS.find(
          (shortcut) => shortcut.key === (key.length === 1 && key !== 'X' ? key.toLowerCase() : key),
        );
        expect(shortcutFor(press({ key }))).toBe(listed?.action ?? null);
      }),
    );
  });

  it('a capital letter (Caps Lock) means its small one, except X, which cancels everything', () => {
    expect(shortcutFor(press({ key: 'B' }))).toEqual({ kind: 'focus', side: 'buy' });
    expect(shortcutFor(press({ key: 'X' }))).toEqual({ kind: 'cancelAll' });
    expect(shortcutFor(press({ key: 'x' }))).toEqual({ kind: 'cancelNewest' });
  });

  it('every key is listed once', () => {
    expect(new Set(TRADE_SHORTCUTS.map((shortcut) => shortcut.key)).size).toBe(TRADE_SHORTCUTS.length);
  });
});
