import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../services-context.ts';

/** The demo speeds offered; the simulator accepts any whole number from 1 to 60. */
const SPEEDS = [1, 2, 5, 10, 30, 60];

/**
 * Lets a visitor run the simulated exchange faster than real time (x1 to x60), so candles, micro
 * contracts and earnings move while they watch. Shown only when the simulator is the backend: a
 * real server keeps real time.
 */
export function SimSpeedControl() {
  const { t } = useTranslation();
  const { api, backend } = useServices();
  const isSim = backend === 'sim';
  const [speed, setSpeed] = useState<number | null>(null);

  useEffect(() => {
    if (!isSim) return undefined;
    let current = true;
    api.call('sim/speed', {}, { quiet: true }).then(
      (answer) => current && setSpeed(answer.speed),
      // Without an answer there is nothing to show; the rest of the header works on.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, isSim]);

  if (!isSim || speed === null) return null;
  const options = SPEEDS.includes(speed) ? SPEEDS : [...SPEEDS, speed].sort((a, b) => a - b);

  function choose(next: number, previous: number) {
    setSpeed(next);
    api.call('sim/set_speed', { speed: next }).then(
      (answer) => setSpeed(answer.speed),
      // The client has toasted the error; show the speed that still applies.
      () => setSpeed(previous),
    );
  }

  return (
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
        onChange={(event) => choose(Number(event.target.value), speed)}
      >
        {options.map((value) => (
          <option key={value} value={value}>
            {t('sim.speedOption', { speed: value })}
          </option>
        ))}
      </select>
    </label>
  );
}
