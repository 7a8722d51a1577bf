import fc from 'fast-check';
import { isAbsolute, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAppPath } from '../../../src/sim/node/app-files.ts';
import { Coverage } from '../property-coverage.ts';

/**
 * The rule by which `npm run server -- --app <dir>` maps a request's path to a file
 * (sim/node/app-files.ts resolveAppPath): whatever the path, what it names is the directory or
 * a file under it, never anything beside or above it; and a plain path names exactly its file.
 */
const ROOT = '/srv/tessera/dist';

/** Inside ROOT (or ROOT itself): the relative path neither climbs out nor is absolute. */
function inside(file: string): boolean {
  const rest = relative(ROOT, file);
  return rest === '' || (rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest));
}

/** A segment as an attacker writes one: dots, slashes and backslashes, raw or percent-encoded. */
const hostileSegment = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '',
    '...',
    '..%2f',
    '%2e%2e',
    '%2E%2e',
    '%2e',
    '%2f',
    '%5c',
    '..\\',
    '%00',
    '%252e%252e',
  ),
  fc.constantFrom('assets', 'trade', 'index.html', 'secret.txt', 'a b', '%20', 'ü', '%ZZ', '.env'),
  fc.string({ maxLength: 6 }),
  fc.stringMatching(/^[.%/\\a-z0-9]{1,8}$/),
);

/** A path made of such segments, sometimes with a leading slash missing or doubled. */
const hostilePath = fc
  .tuple(fc.constantFrom('/', '', '//', '/./'), fc.array(hostileSegment, { maxLength: 8 }))
  .map(([lead, segments]) => lead + segments.join('/'));

/** A plain path: letters, digits, dashes and dots inside names, never a dot first. */
const plainSegment = fc.stringMatching(/^[a-zA-Z0-9_-][a-zA-Z0-9_.-]{0,11}$/);

describe('resolveAppPath', () => {
  it('never names anything outside the directory, whatever the path', () => {
    const coverage = new Coverage();
    fc.assert(
      fc.property(fc.oneof(hostilePath, fc.string({ maxLength: 40 }), fc.webPath()), (path) => {
        coverage.run();
        const file = resolveAppPath(ROOT, path);
        coverage.saw(file === null ? 'refused' : 'resolved');
        if (/(^|\/)(\.\.|%2e%2e)(\/|$)/i.test(path)) coverage.saw('climbs');
        if (file !== null) expect(inside(file), `${path} -> ${file}`).toBe(true);
      }),
      { numRuns: 2_000 },
    );
    coverage.expectEach(['refused', 'resolved', 'climbs'], { atLeast: 50, per: 2_000 });
  });

  it('refuses every path with a `..` segment, raw or encoded', () => {
    fc.assert(
      fc.property(
        fc.array(plainSegment, { maxLength: 4 }),
        fc.constantFrom('..', '%2e%2e', '%2E%2E', '.%2e'),
        fc.array(plainSegment, { maxLength: 4 }),
        (before, climb, after) => {
          expect(resolveAppPath(ROOT, `/${[...before, climb, ...after].join('/')}`)).toBeNull();
        },
      ),
    );
  });

  it('maps a plain path to exactly its file under the directory', () => {
    fc.assert(
      fc.property(fc.array(plainSegment, { minLength: 1, maxLength: 5 }), (segments) => {
        expect(resolveAppPath(ROOT, `/${segments.join('/')}`)).toBe(join(ROOT, ...segments));
        expect(resolveAppPath(ROOT, `/${segments.map(encodeURIComponent).join('/')}`)).toBe(
          join(ROOT, ...segments),
        );
      }),
    );
  });
});
