import { useEffect, useState } from 'react';
import type { AnswerOf } from '../../../../api/catalogue.ts';
import type { ApiClient } from '../../../../api/client.ts';
import { useServices } from '../../../services-context.ts';

export type Area = AnswerOf<'default/area_list'>[number];

let cached: Promise<readonly Area[]> | null = null;

function loadAreas(api: ApiClient): Promise<readonly Area[]> {
  cached ??= api.call('default/area_list', {}, { quiet: true }).catch((error: unknown) => {
    cached = null; // a failed load is tried again by the next form that needs it
    throw error;
  });
  return cached;
}

/** Countries with dial codes (default/area_list), fetched once per page load. */
export function useAreas(): readonly Area[] {
  const { api } = useServices();
  const [areas, setAreas] = useState<readonly Area[]>([]);
  useEffect(() => {
    let live = true;
    loadAreas(api).then(
      (list) => live && setAreas(list),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api]);
  return areas;
}
