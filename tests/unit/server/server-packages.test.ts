import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SERVER_PACKAGES,
  serverPackageProblems,
  serverPackagesMessage,
} from '../../../src/sim/node/server-packages.ts';

describe("npm run server's optional packages (issue 27 item 7)", () => {
  it('finds nothing wrong in this install, where the server runs', () => {
    expect(serverPackageProblems(createRequire(import.meta.url))).toEqual([]);
  });

  it('names every package that Node cannot find, and says to run npm install', () => {
    // Node's own require, from a folder with no node_modules anywhere above it that has them.
    const empty = mkdtempSync(join(tmpdir(), 'tessera-no-packages-'));
    try {
      const problems = serverPackageProblems(createRequire(join(empty, 'entry.js')));
      expect(problems.map((problem) => [problem.name, problem.kind])).toEqual(
        SERVER_PACKAGES.map((name) => [name, 'missing']),
      );
      const message = serverPackagesMessage(problems, 'v20.20.2');
      for (const name of SERVER_PACKAGES) expect(message).toContain(`${name} is not installed`);
      expect(message).toContain('npm install');
      expect(message).not.toContain('setup:server');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('tells an unbuilt SQLite addon from a missing package, and says how to build it', () => {
    const real = createRequire(import.meta.url);
    // better-sqlite3's JavaScript loads without its addon and looks for it when a database opens.
    class Unbuilt {
      constructor() {
        throw new Error('Could not locate the bindings file. Tried:\n → build/better_sqlite3.node');
      }
    }
    const problems = serverPackageProblems((name) => (name === 'better-sqlite3' ? Unbuilt : real(name)));
    expect(problems).toEqual([
      { name: 'better-sqlite3', kind: 'unbuilt', detail: 'Could not locate the bindings file. Tried:' },
    ]);
    const message = serverPackagesMessage(problems, 'v20.20.2');
    expect(message).toContain('better-sqlite3 is installed but does not load in Node v20.20.2');
    expect(message).toContain('npm run setup:server');
  });
});
