/**
 * An immutable append-only list with structural sharing, for event-sourced state that `evolve`
 * must not change in place (store/aggregate.ts): `push` returns a new list that shares all but one
 * path with the old one (a 32-way trie), so appending costs O(log32 n) instead of copying the list.
 * A user's order ids grew by a copy of all of them on every order the user placed.
 *
 * Reads like a read-only array where it matters: `length`, `at(index)` and iteration in order.
 */

const BITS = 5;
const MASK = (1 << BITS) - 1;

type Node<T> = readonly (Node<T> | T)[];

function withSlot<T>(node: Node<T>, shift: number, index: number, value: T): Node<T> {
  const copy = node.slice();
  const at = (index >>> shift) & MASK;
  copy[at] =
    shift === 0 ? value : withSlot((copy[at] as Node<T> | undefined) ?? [], shift - BITS, index, value);
  return copy;
}

function* walk<T>(node: Node<T>, shift: number): Generator<T, undefined, unknown> {
  for (const child of node) {
    if (shift === 0) yield child as T;
    else yield* walk(child as Node<T>, shift - BITS);
  }
  return undefined;
}

/** The items in nodes of 32, the last one shorter. */
function chunksOf<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += MASK + 1)
    chunks.push(items.slice(start, start + MASK + 1));
  return chunks;
}

export class PersistentList<T> implements Iterable<T> {
  // Private fields: not own enumerable properties, so two lists compare (in tests) by their items.
  readonly #root: Node<T>;
  readonly #shift: number;
  readonly #length: number;

  private constructor(root: Node<T>, shift: number, length: number) {
    this.#root = root;
    this.#shift = shift;
    this.#length = length;
  }

  static empty<T>(): PersistentList<T> {
    return new PersistentList<T>([], 0, 0);
  }

  /** A list of `items`, built level by level (an older snapshot's arrays are converted with it). */
  static from<T>(items: Iterable<T>): PersistentList<T> {
    const all = [...items];
    let level: Node<T>[] = chunksOf(all);
    let shift = 0;
    while (level.length > 1) {
      level = chunksOf(level);
      shift += BITS;
    }
    return new PersistentList<T>(level[0] ?? [], shift, all.length);
  }

  get length(): number {
    return this.#length;
  }

  /** The item at `index` (negative counts from the end, as an array's `at` does). */
  at(index: number): T | undefined {
    const i = index < 0 ? this.#length + index : index;
    if (!Number.isInteger(i) || i < 0 || i >= this.#length) return undefined;
    let node: Node<T> = this.#root;
    for (let shift = this.#shift; shift > 0; shift -= BITS) node = node[(i >>> shift) & MASK] as Node<T>;
    return node[i & MASK] as T;
  }

  /** A list with `item` appended; this one is unchanged. */
  push(item: T): PersistentList<T> {
    let root = this.#root;
    let shift = this.#shift;
    // The trie is full at this depth: the old root becomes the first child of a new one.
    if (this.#length === 2 ** (shift + BITS)) {
      root = [root];
      shift += BITS;
    }
    return new PersistentList(withSlot(root, shift, this.#length, item), shift, this.#length + 1);
  }

  *[Symbol.iterator](): Generator<T, undefined, unknown> {
    yield* walk(this.#root, this.#shift);
    return undefined;
  }
}

/** A read-only array or a persistent list: what an older snapshot and a newer state hold. */
export type ReadonlyList<T> = readonly T[] | PersistentList<T>;

/** `list` with `item` appended, as a persistent list (a plain array is converted once). */
export function appended<T>(list: ReadonlyList<T>, item: T): PersistentList<T> {
  return (list instanceof PersistentList ? list : PersistentList.from(list)).push(item);
}
