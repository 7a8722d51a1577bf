/**
 * What changed in a machine's context between two snapshots, as a flat list of paths, for the
 * inspector's event log. Plain objects and arrays are compared key by key (to a bounded depth);
 * anything else by identity, then by its JSON text.
 */
export interface ContextChange {
  /** "user.name", "rows[3].price"; "" for the whole context. */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

const MAX_DEPTH = 6;
const MAX_CHANGES = 200;

function isPlain(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

function sameLeaf(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

export function contextDiff(before: unknown, after: unknown): ContextChange[] {
  const changes: ContextChange[] = [];
  const walk = (a: unknown, b: unknown, path: string, depth: number) => {
    if (changes.length >= MAX_CHANGES || Object.is(a, b)) return;
    if (depth < MAX_DEPTH && Array.isArray(a) && Array.isArray(b)) {
      const length = Math.max(a.length, b.length);
      for (let index = 0; index < length; index++) {
        if (index >= a.length) changes.push({ path: join(path, index), kind: 'added', after: b[index] });
        else if (index >= b.length)
          changes.push({ path: join(path, index), kind: 'removed', before: a[index] });
        else walk(a[index], b[index], join(path, index), depth + 1);
      }
      return;
    }
    if (depth < MAX_DEPTH && isPlain(a) && isPlain(b)) {
      for (const key of Object.keys(a)) {
        if (!Object.hasOwn(b, key)) changes.push({ path: join(path, key), kind: 'removed', before: a[key] });
        else walk(a[key], b[key], join(path, key), depth + 1);
      }
      for (const key of Object.keys(b)) {
        if (!Object.hasOwn(a, key)) changes.push({ path: join(path, key), kind: 'added', after: b[key] });
      }
      return;
    }
    if (!sameLeaf(a, b)) changes.push({ path, kind: 'changed', before: a, after: b });
  };
  walk(before, after, '', 0);
  return changes;
}

/** A value as one short line of text (for a diff row): JSON, cut at `max` characters. */
export function previewText(value: unknown, max = 80): string {
  let text: string;
  if (value === undefined) text = 'undefined';
  else if (typeof value === 'function') text = 'ƒ';
  else if (typeof value === 'bigint') text = `${value}n`;
  else {
    try {
      text =
        JSON.stringify(value, (_key, inner: unknown) => {
          if (typeof inner === 'bigint') return `${inner}n`;
          if (inner !== null && typeof inner === 'object' && 'sessionId' in inner && 'send' in inner) {
            return `<actor ${String((inner as { id?: unknown }).id)}>`;
          }
          return inner;
        }) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
