import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { filesNeedingIsolation } from '../../scripts/unit-test-isolation.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder of test files (and one helper) with the given texts. */
function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'tessera-isolation-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('which unit test files load their modules afresh (vite.config.ts projects)', () => {
  it('the files that change what other files would see, and only those', () => {
    const root = folder({
      'tests/unit/a/auto.test.ts': "import 'fake-indexeddb/auto';\n",
      'tests/unit/a/mocked.test.ts': "vi.mock('../x.ts');\n",
      'tests/unit/b/do-mock.test.tsx': "vi.doMock('../x.ts', () => ({}));\n",
      'tests/unit/b/global.test.ts': 'vi.stubGlobal("fetch", f);\n',
      'tests/unit/b/env.test.ts': "vi.stubEnv('TZ', 'UTC');\n",
      'tests/unit/c/timers.test.ts': 'vi.useFakeTimers();\n',
      'tests/unit/c/assigns.test.ts': 'globalThis.ResizeObserver = Fake;\n',
      // Reading globals, comparing them, taking IndexedDB as an argument: shared.
      'tests/unit/c/reads.test.ts': 'const real = globalThis.ResizeObserver;\nif (globalThis.x === y) f();\n',
      'tests/unit/c/explicit.test.ts': "import { indexedDB } from 'fake-indexeddb';\nvi.fn();\n",
      'tests/unit/c/real-timers.test.ts': 'vi.useRealTimers();\n',
      // Not a test file: never listed.
      'tests/unit/c/helper.ts': "vi.mock('../x.ts');\n",
    });
    expect(filesNeedingIsolation(root, 'tests/unit')).toEqual([
      'tests/unit/a/auto.test.ts',
      'tests/unit/a/mocked.test.ts',
      'tests/unit/b/do-mock.test.tsx',
      'tests/unit/b/env.test.ts',
      'tests/unit/b/global.test.ts',
      'tests/unit/c/assigns.test.ts',
      'tests/unit/c/timers.test.ts',
    ]);
  });
});
