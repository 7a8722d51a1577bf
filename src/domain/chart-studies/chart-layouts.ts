import { DEFAULT_STUDIES, normalizeStudies, type Study } from './studies.ts';
import { MAX_DRAWINGS, parseDrawing, type Drawing } from './drawings.ts';

/**
 * What a user set up on one chart (a pair at a period): its studies and its drawings. All charts'
 * layouts are kept as one JSON value in local prefs, keyed by pair and period; reading it never
 * throws, and anything in it that is not a layout reads as the default.
 */
export interface ChartLayout {
  studies: Study[];
  drawings: Drawing[];
}

export type ChartLayouts = Record<string, ChartLayout>;

/** At most this many charts' layouts are kept; setting up one more forgets the longest untouched. */
export const MAX_LAYOUTS = 40;

export const DEFAULT_LAYOUT: ChartLayout = { studies: [...DEFAULT_STUDIES], drawings: [] };

export function layoutKey(symbol: string, period: string): string {
  return `${symbol}@${period}`;
}

function parseLayout(value: unknown): ChartLayout | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = value as Record<string, unknown>;
  if (!Array.isArray(raw.studies)) return undefined;
  const drawings = Array.isArray(raw.drawings)
    ? raw.drawings
        .map(parseDrawing)
        .filter((d): d is Drawing => d !== undefined)
        .slice(-MAX_DRAWINGS)
    : [];
  return { studies: normalizeStudies(raw.studies), drawings };
}

/** The layouts stored as `text` (JSON); anything unreadable is dropped. */
export function parseLayouts(text: string | null): ChartLayouts {
  if (text === null) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const out: ChartLayouts = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>).slice(-MAX_LAYOUTS)) {
    const layout = parseLayout(value);
    if (layout) out[key] = layout;
  }
  return out;
}

export function layoutOf(layouts: ChartLayouts, key: string): ChartLayout {
  return layouts[key] ?? DEFAULT_LAYOUT;
}

/** The layouts with `key`'s replaced, moved to the newest end; past MAX_LAYOUTS the oldest go. */
export function withLayout(layouts: ChartLayouts, key: string, layout: ChartLayout): ChartLayouts {
  const entries = Object.entries(layouts).filter(([k]) => k !== key);
  entries.push([key, layout]);
  return Object.fromEntries(entries.slice(-MAX_LAYOUTS));
}
