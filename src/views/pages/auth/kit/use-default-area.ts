import { useEffect } from 'react';
import { resolveLanguage } from '../../../../domain/languages.ts';
import { defaultAreaId } from '../../../../machines/default-area.ts';
import { readPref } from '../../../../machines/local-prefs.ts';
import type { Area } from './use-areas.ts';
import { useLatest } from './use-latest.ts';

/**
 * Fills an empty country with the default one once the country list has arrived. The effect runs
 * after the render that saw the field empty; the user may have chosen a country in between (a
 * fast click, a slow list), so it asks the form's current value (`current`) before filling in, and
 * never overrides a choice.
 */
export function useDefaultArea(
  areaId: number | null,
  current: () => number | null,
  areas: readonly Area[],
  pick: (areaId: number) => void,
): void {
  const latest = useLatest({ pick, current });
  useEffect(() => {
    if (areaId !== null || areas.length === 0 || latest.current.current() !== null) return;
    const chosen = defaultAreaId(resolveLanguage(readPref('lang')), areas);
    if (chosen !== null) latest.current.pick(chosen);
  }, [areaId, areas, latest]);
}
