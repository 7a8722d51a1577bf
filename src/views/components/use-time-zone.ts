import { useSyncExternalStore } from 'react';
import { offsetLabel } from '../../domain/time-zone.ts';
import { timeZonePref, type TimeZoneSetting } from '../../machines/time-zone-pref.ts';
import { minuteClock } from '../../streams/wall-clock.ts';

/** The time-zone choice for trade times; every block that shows a time re-renders when it changes. */
export function useTimeZone(): TimeZoneSetting {
  return useSyncExternalStore(timeZonePref.subscribe, timeZonePref.get, timeZonePref.get);
}

/** The zone's label as of now ("UTC+01:00"), following daylight-saving changes within a minute. */
export function useZoneLabel(zone: string): string {
  const now = useSyncExternalStore(minuteClock.subscribe, minuteClock.get, minuteClock.get);
  return offsetLabel(now, zone);
}
