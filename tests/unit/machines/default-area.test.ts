import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../src/domain/languages.ts';
import { defaultAreaId } from '../../../src/machines/default-area.ts';
import { AREAS } from '../../../src/sim/content/areas.ts';

describe('the default country of a phone field', () => {
  it('follows the interface language, for every language, with the real country list', () => {
    for (const code of LANGUAGE_CODES) expect(defaultAreaId(code, AREAS), code).not.toBe(AREAS[0]?.id);
    expect(AREAS.find((area) => area.id === defaultAreaId('jp', AREAS))?.global_code).toBe('81');
  });

  it('falls back to the first country, or none for an empty list', () => {
    expect(defaultAreaId('jp', [{ id: 7, name: 'Elsewhere' }])).toBe(7);
    expect(defaultAreaId('en', [])).toBeNull();
  });
});
