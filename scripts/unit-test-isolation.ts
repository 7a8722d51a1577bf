import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Which unit test files need a module graph of their own (vite.config.ts's `test.projects`).
 *
 * Most files only import modules and call them, so files can share one module graph per worker
 * (Vitest's `isolate: false`): a run took 206 s that way against 369-441 s with every file
 * importing its modules afresh. A file that changes what other files would see cannot share:
 * - `fake-indexeddb/auto` sets a global `indexedDB`. After it, another file's simulator opens a
 *   Dexie store (createSimulator looks for the global) with a Dexie module loaded before the global
 *   existed, and fails with "IndexedDB API missing": 15 files failed so in the shared run.
 * - `vi.mock` / `vi.doMock` replace modules for the file that asks; `vi.stubGlobal`, `vi.stubEnv`
 *   and `vi.useFakeTimers` change globals; an assignment to `globalThis.X` does too.
 * The rule reads each file's own text, so a new file that does any of these is isolated without a
 * list to keep. A helper module that did them would not be seen: none does (they take their
 * IndexedDB as an argument, as the simulator's store does).
 */
const CHANGES_WHAT_OTHERS_SEE =
  /fake-indexeddb\/auto|\bvi\.(?:mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(|\bglobalThis\.\w+\s*=[^=]/;

const TEST_FILE = /\.test\.tsx?$/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/**
 * The test files under `dir` that must not share modules with others, relative to `root`; none
 * where there is no such folder (vite.config.ts runs this for a build too, which needs no tests).
 */
export function filesNeedingIsolation(root: string, dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return testFiles(join(root, dir))
    .filter((path) => CHANGES_WHAT_OTHERS_SEE.test(readFileSync(path, 'utf8')))
    .map((path) => relative(root, path))
    .sort();
}
