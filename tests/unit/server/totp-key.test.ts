import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aesGcmBox } from '../../../src/sim/features/accounts/secret-box.ts';
import { loadTotpKey } from '../../../src/sim/node/totp-key.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe("the server's TOTP sealing key", () => {
  it('is made once in the data directory (mode 0600) and read back by the next start', async () => {
    const data = mkdtempSync(join(tmpdir(), 'tessera-totp-'));
    const told: string[] = [];
    const first = aesGcmBox(
      await loadTotpKey({ envKey: undefined, keyFile: undefined, data }, (e) => told.push(e)),
    );
    const sealed = await first.seal('JBSWY3DPEHPK3PXP', 7);
    expect(told).toEqual(['totp_key_created']);
    expect(statSync(join(data, 'totp.key')).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(join(data, 'totp.key'), 'utf8').trim(), 'base64')).toHaveLength(32);
    const again = aesGcmBox(
      await loadTotpKey({ envKey: undefined, keyFile: undefined, data }, (e) => told.push(e)),
    );
    expect(await again.open(sealed, 7)).toBe('JBSWY3DPEHPK3PXP');
    expect(told).toEqual(['totp_key_created']);
  });

  it('from the environment wins over the file, and a key of the wrong size stops the start', async () => {
    const data = mkdtempSync(join(tmpdir(), 'tessera-totp-'));
    const env = aesGcmBox(await loadTotpKey({ envKey: KEY, keyFile: undefined, data }, () => {}));
    const same = aesGcmBox(
      await loadTotpKey({ envKey: KEY, keyFile: join(data, 'other.key'), data }, () => {}),
    );
    expect(await same.open(await env.seal('seed', 1), 1)).toBe('seed');
    await expect(
      loadTotpKey({ envKey: Buffer.alloc(16).toString('base64'), keyFile: undefined, data }, () => {}),
    ).rejects.toThrow(/32 bytes/);
  });
});
