import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * Vitest's global setup: the server's tests need better-sqlite3's native addon, which `npm install`
 * no longer builds (issue 27 item 7; scripts/ensure-sqlite.sh). It is checked in this process
 * (a few milliseconds) and built only when it does not load, before any test file runs. A machine
 * that cannot build it still runs every other test; the server's tests then fail on the addon.
 */
export default function ensureSqliteAddon(): void {
  try {
    const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => {
      close(): void;
    };
    new Database(':memory:').close();
  } catch {
    try {
      execFileSync('bash', ['scripts/ensure-sqlite.sh'], { stdio: 'inherit' });
    } catch {
      // ensure-sqlite.sh said why; the tests that need the addon say the rest.
    }
  }
}
