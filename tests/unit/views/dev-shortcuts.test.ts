import { describe, expect, it } from 'vitest';
import {
  inspectorOpenNow,
  installDevShortcuts,
  replayOpenNow,
  setInspectorOpen,
  setReplayOpen,
} from '../../../src/views/devtools/devtools-store.ts';

type Listener = (event: KeyboardEvent) => void;

/** A keydown as the browser gives it: only the fields the shortcuts read. */
function key(code: string, mods: { alt?: boolean; shift?: boolean; ctrl?: boolean } = {}) {
  let prevented = false;
  const event = {
    code,
    altKey: mods.alt ?? false,
    shiftKey: mods.shift ?? false,
    ctrlKey: mods.ctrl ?? false,
    metaKey: false,
    preventDefault: () => (prevented = true),
  } as unknown as KeyboardEvent;
  return { event, prevented: () => prevented };
}

const snapshot = () => ({ inspector: inspectorOpenNow(), replay: replayOpenNow() });

describe('developer shortcuts listen from the start, not from the developer menu chunk', () => {
  const listeners: Listener[] = [];
  installDevShortcuts({
    addEventListener: ((type: string, listener: Listener) => {
      if (type === 'keydown') listeners.push(listener);
    }) as Window['addEventListener'],
  });
  const press = (pressed: ReturnType<typeof key>) => {
    for (const listener of listeners) listener(pressed.event);
    return pressed;
  };

  it('installs one listener however often it is called', () => {
    installDevShortcuts({
      addEventListener: (() => {
        throw new Error('installed twice');
      }) as Window['addEventListener'],
    });
    expect(listeners).toHaveLength(1);
  });

  it('Alt+Shift+D toggles the inspector and Alt+Shift+R the replay panel, each alone', () => {
    setInspectorOpen(false);
    setReplayOpen(false);
    expect(press(key('KeyD', { alt: true, shift: true })).prevented()).toBe(true);
    expect(snapshot()).toEqual({ inspector: true, replay: false });
    expect(press(key('KeyR', { alt: true, shift: true })).prevented()).toBe(true);
    expect(snapshot()).toEqual({ inspector: true, replay: true });
    press(key('KeyD', { alt: true, shift: true }));
    expect(snapshot()).toEqual({ inspector: false, replay: true });
  });

  it('leaves other keys alone', () => {
    setInspectorOpen(false);
    setReplayOpen(false);
    const others = [
      key('KeyD', { alt: true }),
      key('KeyD', { shift: true }),
      key('KeyR', { alt: true, shift: true, ctrl: true }),
      key('KeyE', { alt: true, shift: true }),
    ];
    for (const other of others) expect(press(other).prevented()).toBe(false);
    expect(snapshot()).toEqual({ inspector: false, replay: false });
  });
});
