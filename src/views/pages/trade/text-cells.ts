/**
 * Writing live numbers into fixed DOM cells. The order book and the tape render their rows once
 * (React) and then change only the text and styles of those rows, once per animation frame, so a
 * storm of pushes costs no React work and no layout beyond the cells that changed.
 */
export function setText(cell: HTMLElement, text: string): void {
  if (cell.textContent !== text) cell.textContent = text;
}

export function setClass(element: HTMLElement, name: string, on: boolean): void {
  if (element.classList.contains(name) !== on) element.classList.toggle(name, on);
}

/** Records which stamped frame a block shows, for bench/ui.ts (nothing outside a benchmark storm). */
export function markPainted(element: HTMLElement, seq: number | null): void {
  if (seq !== null) element.dataset.seq = String(seq);
}
