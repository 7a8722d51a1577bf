import { useEffect } from 'react';
import { resolveLanguage } from '../../../../domain/languages.ts';
import { defaultAreaId } from '../../../../machines/default-area.ts';
import { readPref } from '../../../../machines/local-prefs.ts';
import type { Area } from './use-areas.ts';
import { useLatest } from './use-latest.ts';

/** Fills an empty country with the default one once the country list has arrived. */
export function useDefaultArea(
  areaId: number | null,
  areas: readonly Area[],
  pick: (areaId: number) => void,
): void {
  const latest = useLatest(pick);
  useEffect(() => {
    if (areaId !== null || areas.length === 0) return;
    const chosen = defaultAreaId(resolveLanguage(readPref('lang')), areas);
    if (chosen !== null) latest.current(chosen);
  }, [areaId, areas, latest]);
}
