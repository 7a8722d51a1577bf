import { useMachine } from '../use-app-actor.ts';
import { useTranslation } from 'react-i18next';
import { DEMO_SPEEDS } from '../../domain/replay.ts';
import { showsSimTime } from '../../domain/sim-time.ts';
import { dateTimeText } from '../../domain/time-zone.ts';
import { useTimeZone, useZoneLabel } from '../components/use-time-zone.ts';
import { useServices } from '../services-context.ts';
import './sim-speed.css';
import { useDemoTools } from '../use-demo-tools.ts';

/** The demo speeds offered (x0.5 to x60); the simulator accepts x0.5 and any whole number from 1 to 60. */
const SPEEDS: readonly number[] = DEMO_SPEEDS;

/**
 * Lets a visitor run the simulated exchange slower or faster than real time (x0.5 to x60), so candles, micro
 * contracts and earnings move while they watch. Shown only where the backend serves it (the simulator, a
 * `--demo` server): a shared server keeps real time. Every tab's control follows the simulator's clock pushes, and where
 * simulated time has run ahead of the wall clock (after x60, say) it is shown beside the control,
 * so orders stamped "in the future" make sense.
 */
export function SimSpeedControl() {
  return useDemoTools() ? <SpeedSelect /> : null;
}

function SpeedSelect() {
  const { t } = useTranslation();
  const { machines } = useServices();
  const [snapshot, send] = useMachine(machines.demo.simSpeed);
  const { speed, simNow, wallNow } = snapshot.context;

  // Without an answer there is nothing to show; the rest of the header works on.
  if (speed === null) return null;
  const options = SPEEDS.includes(speed) ? SPEEDS : [...SPEEDS, speed].sort((a, b) => a - b);

  return (
    // The simulated time hangs below the control, out of the header row's width: it appears and
    // goes without changing whether the header fits (the header measures its tools to decide).
    <span className="sim-speed">
      {simNow !== null && showsSimTime(simNow, wallNow) && <SimTime simNow={simNow} />}
      <label className="header-select" title={t('sim.speedHint')}>
        <span className="visually-hidden">{t('sim.speed')}</span>
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 13l4-4" />
          <path d="M4.9 19a9 9 0 1 1 14.2 0" />
        </svg>
        <select
          data-testid="sim-speed"
          value={speed}
          onChange={(event) => send({ type: 'CHOOSE', speed: Number(event.target.value) })}
        >
          {options.map((value) => (
            <option key={value} value={value}>
              {t('sim.speedOption', { speed: value })}
            </option>
          ))}
        </select>
      </label>
    </span>
  );
}

/** Simulated time, labelled as such, in the user's chosen time zone. */
function SimTime({ simNow }: { simNow: number }) {
  const { t } = useTranslation();
  const { zone } = useTimeZone();
  const zoneLabel = useZoneLabel(zone);
  return (
    <span className="sim-time" title={t('sim.timeHint')} data-testid="sim-time">
      <span className="sim-time-label">{t('sim.time')}</span>{' '}
      <span className="num">{`${dateTimeText(simNow, zone)} ${zoneLabel}`}</span>
    </span>
  );
}
