import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderApiDoc } from '../../../src/api/api-doc.ts';
import { callNames, catalogue } from '../../../src/api/catalogue.ts';

describe('the contract document', () => {
  it('is the document generated from the catalogue (run `npm run docs:api` after changing it)', () => {
    const onDisk = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(renderApiDoc());
  });

  it('lists every call of the catalogue', () => {
    const doc = renderApiDoc();
    for (const name of callNames) expect(doc).toContain(`\`${catalogue[name].path}\``);
  });
});

describe('the catalogue', () => {
  it('holds every call of spec §7', () => {
    const spec = readFileSync(new URL('../../../docs/exchange-spec.md', import.meta.url), 'utf8');
    const section = spec.slice(spec.indexOf('## 7. Calls'), spec.indexOf('### Separate address-binding'));
    const paths = new Set<string>();
    for (const row of section.split('\n').filter((line) => line.startsWith('|'))) {
      const cells = row.split('|').map((cell) => cell.trim());
      // The path is in the second column, or the first when the method is not shown.
      const cell = [cells[2], cells[1]].find((value) => value?.includes('/')) ?? '';
      let prefix = '';
      for (const part of cell.replace(/\/api\//g, '').split(/,\s*|\s+and\s+/)) {
        // "account_log/change, legal, lever" lists variants of one prefix.
        const path = part.includes('/') ? part : `${prefix}${part}`;
        prefix = path.slice(0, path.lastIndexOf('/') + 1);
        if (path) paths.add(path);
      }
    }
    expect(paths.size).toBeGreaterThan(45);
    expect([...paths].filter((path) => !(path in catalogue))).toEqual([]);
  });

  it('names each entry by its path', () => {
    for (const name of callNames) expect(catalogue[name].path).toBe(name);
  });
});
