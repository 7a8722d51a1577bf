import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMING_SOON_PATHS } from '../../src/views/routes.tsx';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('starts with the two set-up commands: install-and-start, and every test (then the server)', () => {
    const firstBlock = /```bash\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const commands = firstBlock
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter(Boolean);
    // Issue 18: `npm run server` is the third command, after the two set-up ones.
    expect(commands).toEqual(['npm install && npm start', 'npm test', 'npm run server']);
    const ci = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8');
    expect(ci).toMatch(/^npm test$/m);
  });

  it('lists exactly the routes that are still "coming soon"', () => {
    const block = readme.slice(
      readme.indexOf('<!-- coming-soon:start -->'),
      readme.indexOf('<!-- coming-soon:end -->'),
    );
    const listed = [...block.matchAll(/^- `([^`]+)`/gm)].map((match) => match[1]);
    expect(listed).toEqual([...COMING_SOON_PATHS]);
  });
});
