/**
 * Index arithmetic of the banner carousel, which shows `visible` slides side by side and moves one
 * slide per step. Positions run 0..lastPosition; stepping past either end wraps around.
 */

export function lastPosition(count: number, visible: number): number {
  return Math.max(0, count - Math.max(1, visible));
}

export function clampPosition(position: number, count: number, visible: number): number {
  return Math.min(Math.max(0, position), lastPosition(count, visible));
}

export function stepPosition(position: number, step: 1 | -1, count: number, visible: number): number {
  const last = lastPosition(count, visible);
  const current = clampPosition(position, count, visible);
  if (step > 0) return current >= last ? 0 : current + 1;
  return current <= 0 ? last : current - 1;
}

/** Whether slide `index` is on screen at `position`. */
export function isShown(index: number, position: number, visible: number): boolean {
  return index >= position && index < position + Math.max(1, visible);
}

/** Milliseconds a position stays on screen before the carousel moves on by itself. */
export const AUTO_ADVANCE_MS = 6_000;
