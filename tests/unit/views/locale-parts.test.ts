import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localePart, SHELL_SECTIONS } from '../../../src/views/i18n/locale-parts.ts';

const english = JSON.parse(
  readFileSync(new URL('../../../locales/en.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

/** The locale file is cut in parts at build time (issue 19); no section may fall between them. */
describe('locale parts', () => {
  it('shell and page together are the whole file, and share no section', () => {
    const shell = localePart(english, 'shell');
    const page = localePart(english, 'page');
    expect(Object.keys(shell).filter((section) => section in page)).toEqual([]);
    expect({ ...shell, ...page }).toEqual(english);
  });

  it('names only sections the file has', () => {
    for (const section of SHELL_SECTIONS) expect(english, section).toHaveProperty([section]);
  });

  it('gives the worker the server messages alone', () => {
    expect(localePart(english, 'server')).toEqual({ server: english.server });
  });

  it('keeps the shell small (what the first paint waits for)', () => {
    expect(JSON.stringify(localePart(english, 'shell')).length).toBeLessThan(
      JSON.stringify(english).length / 4,
    );
  });
});
