import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as codes from '../../../src/domain/contract-codes.ts';
import { CODE_GROUPS } from '../../../src/domain/contract-codes.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const HOME = 'src/domain/contract-codes.ts';

/** Contract fields whose values are codes (contract-codes.ts), and the simulator's names for them. */
const CODE_FIELDS = [
  'way',
  'status',
  'review_status',
  'account_type_id',
  'open_change',
  'open_lever',
  'open_microtrade',
  'openChange',
  'openLever',
  'openMicro',
  'is_seller',
  'isSeller',
  'is_quote',
  'added',
  'login_use_sms',
  'purpose',
  'storm',
].join('|');

const BARE_COMPARISON = [
  // `.way === 1`, `status !== 3`, `Number(x.login_use_sms) === 1`
  new RegExp(`\\b(?:${CODE_FIELDS})\\)?\\s*[!=]==?\\s*\\d`),
  // `1 === order.way`
  new RegExp(`\\b\\d+\\s*[!=]==?\\s*[\\w.?]*\\b(?:${CODE_FIELDS})\\b`),
];

/** Old or local names of codes that contract-codes.ts now defines. */
const RETIRED_NAMES = ['TRADE_ACCOUNT', 'TRADE_ACCOUNT_TYPE', 'FILLED', 'CANCELLED'];
/** Its union types, which nobody else may spell out as numbers again. */
const CODE_TYPES = [
  'Flag',
  'Way',
  'TapeWay',
  'OrderType',
  'EntryMode',
  'OrderStatus',
  'ReviewStatus',
  'CodePurpose',
  'LeverType',
  'MicroType',
  'MicroStatus',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The code of a file without its comments (string contents such as URLs are kept). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const files = sourceFiles('src')
  .map((path) => relative(ROOT, join(ROOT, path)))
  .filter((path) => path !== HOME);
const checked = files;
const numericExports = Object.entries(codes as Record<string, unknown>).filter(
  (entry): entry is [string, number] => typeof entry[1] === 'number',
);

function hits(paths: readonly string[], patterns: readonly RegExp[]): string[] {
  return paths.flatMap((path) =>
    withoutComments(readFileSync(join(ROOT, path), 'utf8'))
      .split('\n')
      .flatMap((line, index) =>
        patterns.some((pattern) => pattern.test(line)) ? [`${path}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
}

describe('contract codes', () => {
  it('gives each code one name in one group, and each value once per group', () => {
    const grouped = Object.values(CODE_GROUPS).flatMap((group) => Object.entries(group));
    expect(grouped.map(([name]) => name).sort()).toEqual(numericExports.map(([name]) => name).sort());
    const exported = new Map(numericExports);
    for (const [name, value] of grouped) expect(exported.get(name), name).toBe(value);
    for (const [group, members] of Object.entries(CODE_GROUPS)) {
      const values = Object.values(members);
      expect(new Set(values).size, `a value of ${group} is used twice`).toBe(values.length);
    }
  });

  it('are defined nowhere else', () => {
    const names = [...numericExports.map(([name]) => name), ...RETIRED_NAMES].join('|');
    const redefined = new RegExp(`\\bconst\\s+(?:${names})\\b(?:\\s*:[^=]+)?\\s*=\\s*-?\\d`);
    const retyped = new RegExp(`\\btype\\s+(?:${CODE_TYPES.join('|')})\\s*=\\s*\\d`);
    expect(hits(files, [redefined, retyped])).toEqual([]);
  });

  it('are compared by name, never as bare numbers', () => {
    expect(hits(checked, BARE_COMPARISON)).toEqual([]);
  });

  it('finds a bare comparison when one is written (the check itself works)', () => {
    const planted = ['if (order.way === 1) buy();', 'const ok = 2 !== user.review_status;', 'x.status===3'];
    for (const line of planted)
      expect(
        BARE_COMPARISON.some((pattern) => pattern.test(line)),
        line,
      ).toBe(true);
    expect(BARE_COMPARISON.some((pattern) => pattern.test('order.way === WAY_BUY'))).toBe(false);
    expect(withoutComments('a; // order.way === 1')).not.toContain('way');
  });

  it('leaves out only the files being rewritten', () => {
    expect(files.length - checked.length).toBeLessThan(files.length / 10);
  });
});
