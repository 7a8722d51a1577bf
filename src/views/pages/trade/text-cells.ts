/**
 * Writing live numbers into fixed DOM cells. The order book and the tape render their rows once
 * (React) and then change only the text and styles of those rows, once per animation frame, so a
 * storm of pushes costs no React work and no layout beyond the cells that changed.
 */
export function setText(cell: HTMLElement, text: string): void {
  // A cell that shows text already has one text node: its data is changed in place. Setting
  // textContent would drop that node for a new one on every change, and DOM nodes are garbage only
  // a major GC collects (the book and the tape change about a hundred cells a frame in a storm).
  const only = cell.firstChild;
  if (text !== '' && only !== null && only === cell.lastChild && only.nodeType === TEXT_NODE) {
    const node = only as Text;
    if (node.data !== text) node.data = text;
    return;
  }
  if (cell.textContent !== text) cell.textContent = text;
}

/** Node.TEXT_NODE, without reading the global Node on every write. */
const TEXT_NODE = 3;

export function setClass(element: HTMLElement, name: string, on: boolean): void {
  if (element.classList.contains(name) !== on) element.classList.toggle(name, on);
}

/** Records which stamped frame a block shows, for bench/ui.ts (nothing outside a benchmark storm). */
export function markPainted(element: HTMLElement, seq: number | null): void {
  if (seq !== null) element.dataset.seq = String(seq);
}
