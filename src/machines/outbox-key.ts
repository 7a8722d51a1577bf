/**
 * This tab's demo-outbox key: a random secret the simulator files this tab's codes under (see
 * notify/outbox in the catalogue). It lives in memory only, so it dies with the page and nothing
 * on disk lets anyone else read the codes.
 */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

export const OUTBOX_KEY = randomKey();
