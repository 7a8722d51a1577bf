import type { Area } from '../../../../streams/queries/general.ts';
import { useServices } from '../../../services-context.ts';
import { useLoadable } from '../../../use-loadable.ts';

export type { Area };

const NO_AREAS: readonly Area[] = [];

/** Countries with dial codes (default/area_list), loaded once per app; none until they arrive. */
export function useAreas(): readonly Area[] {
  const { queries } = useServices();
  const areas = useLoadable(queries.general.areas$);
  return areas.status === 'ready' ? areas.data : NO_AREAS;
}
