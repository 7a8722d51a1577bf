/**
 * An immutable map with structural sharing, for event-sourced state that `evolve` must not change
 * in place (store/aggregate.ts): `with` and `without` return a new map that shares all but one path
 * with the old one, so a write costs O(log32 n) instead of copying the whole map. A `new Map(old)`
 * per event made every event cost as much as the map was big, and the spot orders map grows with
 * every order ever placed.
 *
 * Reads behave like a `Map`'s: `get`, `has`, `size`, and iteration in insertion order (a key set
 * again keeps its place; a key removed and added again goes last), so code that reads a `Map`
 * reads this the same way, and a snapshot lists its entries in the same order as before.
 *
 * Inside: a hash array mapped trie (32-way, by a 32-bit hash of the key) holds each entry with the
 * slot it was inserted at; a persistent 32-way vector of keys by slot keeps the insertion order.
 * Keys are strings or numbers (compared with SameValueZero, as a Map does).
 */

type MapKey = string | number;

const BITS = 5;
const MASK = (1 << BITS) - 1;

interface Leaf<K, V> {
  readonly hash: number;
  readonly key: K;
  readonly value: V;
  /** The entry's place in the insertion order (its index in the key vector). */
  readonly slot: number;
}

/** Entries whose keys hash alike (every 32 bits equal). */
interface Collision<K, V> {
  readonly hash: number;
  readonly leaves: readonly Leaf<K, V>[];
}

/** One level of the trie: a bitmap of which of the 32 children exist, and those children in order. */
interface Branch<K, V> {
  readonly bitmap: number;
  readonly children: readonly TrieNode<K, V>[];
}

type TrieNode<K, V> = Leaf<K, V> | Collision<K, V> | Branch<K, V>;

const isBranch = <K, V>(node: TrieNode<K, V>): node is Branch<K, V> => 'bitmap' in node;
const isCollision = <K, V>(node: TrieNode<K, V>): node is Collision<K, V> => 'leaves' in node;

/** A key slot of the order vector: the key, or undefined where an entry was removed. */
type VectorNode<K> = readonly (VectorNode<K> | K | undefined)[];

function sameKey(a: MapKey, b: MapKey): boolean {
  // SameValueZero: NaN equals NaN, 0 equals -0.
  return a === b || (a !== a && b !== b);
}

/** A 32-bit hash (exported for the tests of collisions), mixed so that sequential ids spread over the trie's first level too. */
export function hashOf(key: MapKey): number {
  let h: number;
  if (typeof key === 'number') {
    if ((key | 0) === key) h = key;
    else return hashString(Object.is(key, -0) ? '0' : String(key));
  } else {
    return hashString(key);
  }
  return mix(h);
}

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mix(h);
}

/** Murmur3's finaliser: every input bit moves every output bit. */
function mix(value: number): number {
  let h = value | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

function popcount(bits: number): number {
  let v = bits - ((bits >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

function findLeaf<K extends MapKey, V>(
  root: TrieNode<K, V> | undefined,
  hash: number,
  key: K,
): Leaf<K, V> | undefined {
  let node = root;
  let shift = 0;
  while (node !== undefined) {
    if (isBranch(node)) {
      const bit = 1 << ((hash >>> shift) & MASK);
      if ((node.bitmap & bit) === 0) return undefined;
      node = node.children[popcount(node.bitmap & (bit - 1))];
      shift += BITS;
    } else if (isCollision(node)) {
      if (node.hash !== hash) return undefined;
      return node.leaves.find((leaf) => sameKey(leaf.key, key));
    } else {
      return node.hash === hash && sameKey(node.key, key) ? node : undefined;
    }
  }
  return undefined;
}

/** Two nodes that must share a place at `shift`: a branch deep enough to tell them apart. */
function merge<K, V>(a: Leaf<K, V> | Collision<K, V>, b: Leaf<K, V>, shift: number): TrieNode<K, V> {
  if (a.hash === b.hash) {
    const leaves = isCollision(a) ? [...a.leaves, b] : [a, b];
    return { hash: b.hash, leaves };
  }
  const ia = (a.hash >>> shift) & MASK;
  const ib = (b.hash >>> shift) & MASK;
  if (ia === ib) return { bitmap: 1 << ia, children: [merge(a, b, shift + BITS)] };
  return { bitmap: (1 << ia) | (1 << ib), children: ia < ib ? [a, b] : [b, a] };
}

/** The trie with `leaf` in it (replacing the leaf of the same key). */
function insert<K extends MapKey, V>(
  node: TrieNode<K, V> | undefined,
  leaf: Leaf<K, V>,
  shift: number,
): TrieNode<K, V> {
  if (node === undefined) return leaf;
  if (isBranch(node)) {
    const bit = 1 << ((leaf.hash >>> shift) & MASK);
    const index = popcount(node.bitmap & (bit - 1));
    const children = node.children.slice();
    if ((node.bitmap & bit) === 0) {
      children.splice(index, 0, leaf);
      return { bitmap: node.bitmap | bit, children };
    }
    children[index] = insert(children[index], leaf, shift + BITS);
    return { bitmap: node.bitmap, children };
  }
  if (isCollision(node)) {
    if (node.hash !== leaf.hash) return merge(node, leaf, shift);
    const at = node.leaves.findIndex((old) => sameKey(old.key, leaf.key));
    const leaves = node.leaves.slice();
    if (at < 0) leaves.push(leaf);
    else leaves[at] = leaf;
    return { hash: node.hash, leaves };
  }
  if (node.hash === leaf.hash && sameKey(node.key, leaf.key)) return leaf;
  return merge(node, leaf, shift);
}

/** The trie without the leaf of `key` (which is in it). */
function remove<K extends MapKey, V>(
  node: TrieNode<K, V>,
  hash: number,
  key: K,
  shift: number,
): TrieNode<K, V> | undefined {
  if (isBranch(node)) {
    const bit = 1 << ((hash >>> shift) & MASK);
    const index = popcount(node.bitmap & (bit - 1));
    const child = remove(node.children[index]!, hash, key, shift + BITS);
    const children = node.children.slice();
    if (child !== undefined) {
      children[index] = child;
      return { bitmap: node.bitmap, children };
    }
    children.splice(index, 1);
    if (children.length === 0) return undefined;
    // A lone leaf or collision can stand one level up: lookups compare whole keys at the end.
    if (children.length === 1 && !isBranch(children[0]!)) return children[0];
    return { bitmap: node.bitmap & ~bit, children };
  }
  if (isCollision(node)) {
    const leaves = node.leaves.filter((leaf) => !sameKey(leaf.key, key));
    return leaves.length === 1 ? leaves[0] : { hash: node.hash, leaves };
  }
  return undefined;
}

/** The vector with `key` at `index`, path-copied; `shift` is the root's level. */
function setSlot<K>(node: VectorNode<K>, shift: number, index: number, key: K | undefined): VectorNode<K> {
  const copy = node.slice();
  const at = (index >>> shift) & MASK;
  copy[at] =
    shift === 0 ? key : setSlot((copy[at] as VectorNode<K> | undefined) ?? [], shift - BITS, index, key);
  return copy;
}

function* slots<K>(node: VectorNode<K>, shift: number): Generator<K, undefined, unknown> {
  for (const child of node) {
    if (child === undefined) continue;
    if (shift === 0) yield child as K;
    else yield* slots(child as VectorNode<K>, shift - BITS);
  }
  return undefined;
}

/** Removed slots tolerated before the order vector is rebuilt (and past half the live entries). */
const COMPACT_AFTER_HOLES = 32;

export class PersistentMap<K extends MapKey, V> implements ReadonlyMap<K, V> {
  // Private fields: not own enumerable properties, so two maps compare (in tests) by their entries.
  readonly #root: TrieNode<K, V> | undefined;
  readonly #size: number;
  readonly #order: VectorNode<K>;
  readonly #orderShift: number;
  /** Slots used so far, removed ones included: the next entry's slot. */
  readonly #slotsUsed: number;

  private constructor(
    root: TrieNode<K, V> | undefined,
    size: number,
    order: VectorNode<K>,
    orderShift: number,
    slotsUsed: number,
  ) {
    this.#root = root;
    this.#size = size;
    this.#order = order;
    this.#orderShift = orderShift;
    this.#slotsUsed = slotsUsed;
  }

  static empty<K extends MapKey, V>(): PersistentMap<K, V> {
    return new PersistentMap<K, V>(undefined, 0, [], 0, 0);
  }

  static from<K extends MapKey, V>(entries: Iterable<readonly [K, V]>): PersistentMap<K, V> {
    let map = PersistentMap.empty<K, V>();
    for (const [key, value] of entries) map = map.with(key, value);
    return map;
  }

  get size(): number {
    return this.#size;
  }

  get(key: K): V | undefined {
    return findLeaf(this.#root, hashOf(key), key)?.value;
  }

  has(key: K): boolean {
    return findLeaf(this.#root, hashOf(key), key) !== undefined;
  }

  /** A map with `key` set to `value`; this one is unchanged. */
  with(given: K, value: V): PersistentMap<K, V> {
    // A Map stores -0 as 0; so does this, so both list the same keys.
    const key = (Object.is(given, -0) ? 0 : given) as K;
    const hash = hashOf(key);
    const old = findLeaf(this.#root, hash, key);
    if (old !== undefined) {
      if (Object.is(old.value, value)) return this;
      const root = insert(this.#root, { hash, key: old.key, value, slot: old.slot }, 0);
      return new PersistentMap(root, this.#size, this.#order, this.#orderShift, this.#slotsUsed);
    }
    const slot = this.#slotsUsed;
    let order = this.#order;
    let orderShift = this.#orderShift;
    // The vector is full at this depth: the old root becomes the first child of a new one.
    if (slot === 2 ** (orderShift + BITS)) {
      order = [order];
      orderShift += BITS;
    }
    order = setSlot(order, orderShift, slot, key);
    const root = insert(this.#root, { hash, key, value, slot }, 0);
    return new PersistentMap(root, this.#size + 1, order, orderShift, slot + 1);
  }

  /** A map without `key`; this one is unchanged. */
  without(key: K): PersistentMap<K, V> {
    const hash = hashOf(key);
    const old = findLeaf(this.#root, hash, key);
    if (old === undefined) return this;
    const root = remove(this.#root!, hash, key, 0);
    const size = this.#size - 1;
    const holes = this.#slotsUsed - size;
    const shrunk = new PersistentMap(
      root,
      size,
      setSlot(this.#order, this.#orderShift, old.slot, undefined),
      this.#orderShift,
      this.#slotsUsed,
    );
    // Rebuilt now and then so removed slots cost neither memory nor iteration time for long.
    return holes > COMPACT_AFTER_HOLES && holes > size ? PersistentMap.from(shrunk) : shrunk;
  }

  *keys(): MapIterator<K> {
    yield* slots(this.#order, this.#orderShift);
    return undefined;
  }

  *entries(): MapIterator<[K, V]> {
    for (const key of slots(this.#order, this.#orderShift)) {
      yield [key, findLeaf(this.#root, hashOf(key), key)!.value];
    }
    return undefined;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
    return undefined;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
}

/**
 * `map` with `key` set to `value`, as a persistent map: a plain `Map` (a state read from an older
 * snapshot, or built by a test) is converted once, on its first write.
 */
export function withEntry<K extends MapKey, V>(
  map: ReadonlyMap<K, V>,
  key: K,
  value: V,
): PersistentMap<K, V> {
  return (map instanceof PersistentMap ? map : PersistentMap.from(map)).with(key, value);
}

/** `map` without `key`, as a persistent map (converting a plain `Map` once, as `withEntry` does). */
export function withoutEntry<K extends MapKey, V>(map: ReadonlyMap<K, V>, key: K): PersistentMap<K, V> {
  return (map instanceof PersistentMap ? map : PersistentMap.from(map)).without(key);
}
