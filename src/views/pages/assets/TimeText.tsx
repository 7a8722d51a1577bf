import { dateTimeText } from '../../../domain/time-zone.ts';
import { useTimeZone } from '../../components/use-time-zone.ts';

/** A record's time in the user's chosen time zone (seconds or milliseconds). */
export function TimeText({ value }: { value: string | number }) {
  const { zone } = useTimeZone();
  const ms = typeof value === 'number' ? (Math.abs(value) < 1e11 ? value * 1000 : value) : Date.parse(value);
  return <time className="muted">{Number.isFinite(ms) ? dateTimeText(ms, zone) : String(value)}</time>;
}
