/**
 * What a user draws on a chart: a horizontal line at a price, or a trend line between two points
 * (a bar's time in ms, the market's clock, and a price). Kept in local prefs, so everything read
 * back is checked: a stored value that is not a drawing is dropped, never drawn.
 */
export interface ChartPoint {
  time: number;
  price: number;
}

export type Drawing =
  | { kind: 'level'; id: string; price: number }
  | { kind: 'trend'; id: string; from: ChartPoint; to: ChartPoint };

export type DrawingTool = Drawing['kind'];

/** At most this many drawings per pair and period: local storage is small and shared. */
export const MAX_DRAWINGS = 20;

function isPrice(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function isPoint(value: unknown): value is ChartPoint {
  if (typeof value !== 'object' || value === null) return false;
  const point = value as Record<string, unknown>;
  return (
    typeof point.time === 'number' &&
    Number.isSafeInteger(point.time) &&
    point.time >= 0 &&
    isPrice(point.price)
  );
}

/** The drawing `value` stands for, or undefined when it is none. */
export function parseDrawing(value: unknown): Drawing | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = value as Record<string, unknown>;
  if (typeof raw.id !== 'string' || raw.id.length === 0 || raw.id.length > 40) return undefined;
  if (raw.kind === 'level' && isPrice(raw.price)) return { kind: 'level', id: raw.id, price: raw.price };
  if (raw.kind === 'trend' && isPoint(raw.from) && isPoint(raw.to)) {
    return {
      kind: 'trend',
      id: raw.id,
      from: { time: raw.from.time, price: raw.from.price },
      to: { time: raw.to.time, price: raw.to.price },
    };
  }
  return undefined;
}

/** The list with `drawing` added; past MAX_DRAWINGS the oldest goes. */
export function addDrawing(drawings: readonly Drawing[], drawing: Drawing): Drawing[] {
  return [...drawings.filter((d) => d.id !== drawing.id), drawing].slice(-MAX_DRAWINGS);
}

export function removeDrawing(drawings: readonly Drawing[], id: string): Drawing[] {
  return drawings.filter((d) => d.id !== id);
}

/** An id no drawing in the list has: `d` and the lowest free number. */
export function nextDrawingId(drawings: readonly Drawing[]): string {
  const taken = new Set(drawings.map((d) => d.id));
  let n = 1;
  while (taken.has(`d${n}`)) n++;
  return `d${n}`;
}

/** A price read from a pixel of the chart: six significant digits of it, as the pointer shows. */
export function pixelPrice(value: number): number | undefined {
  if (!Number.isFinite(value) || value <= 0) return undefined;
  return Number(value.toPrecision(6));
}
