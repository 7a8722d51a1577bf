import { parseTimeZoneChoice, zoneOf, type TimeZoneChoice } from '../domain/time-zone.ts';
import { readPref, writePref } from './local-prefs.ts';

/**
 * The time-zone choice for trade times (domain/time-zone.ts), kept in localStorage and shared by
 * every block that shows a time (the chart, the tape, the orders): a change in one shows in all.
 */
export interface TimeZoneSetting {
  readonly choice: TimeZoneChoice;
  /** The IANA zone the choice stands for. */
  readonly zone: string;
}

type Listener = () => void;

/** The browser's own zone, as Intl reports it (undefined where it cannot say). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The IANA zone of the user's own clock (UTC where the browser cannot say). */
export function localTimeZone(): string {
  return zoneOf('local', browserTimeZone());
}

export function createTimeZonePref(
  options: {
    read?: () => string | null;
    write?: (value: string) => void;
    localZone?: () => string | undefined;
  } = {},
) {
  const read = options.read ?? (() => readPref('timeZone'));
  const write = options.write ?? ((value: string) => writePref('timeZone', value));
  const localZone = options.localZone ?? browserTimeZone;
  const listeners = new Set<Listener>();
  let current: TimeZoneSetting | null = null;

  function settingOf(choice: TimeZoneChoice): TimeZoneSetting {
    return { choice, zone: zoneOf(choice, localZone()) };
  }

  return {
    get(): TimeZoneSetting {
      current ??= settingOf(parseTimeZoneChoice(read()));
      return current;
    },
    set(choice: TimeZoneChoice): void {
      write(choice);
      current = settingOf(choice);
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type TimeZonePref = ReturnType<typeof createTimeZonePref>;

/** The app's one time-zone preference. */
export const timeZonePref: TimeZonePref = createTimeZonePref();
