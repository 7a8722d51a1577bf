import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BROWSERS, SYSTEMS, describeAgent } from '../../../../src/domain/security/user-agent.ts';

const AGENTS: ReadonlyArray<readonly [string, ReturnType<typeof describeAgent>]> = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { kind: 'desktop', os: 'Windows', browser: 'Chrome' },
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    { kind: 'desktop', os: 'Windows', browser: 'Edge' },
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    { kind: 'desktop', os: 'macOS', browser: 'Safari' },
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    { kind: 'phone', os: 'iOS', browser: 'Safari' },
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
    { kind: 'tablet', os: 'iOS', browser: 'Chrome' },
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    { kind: 'phone', os: 'Android', browser: 'Chrome' },
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36',
    { kind: 'tablet', os: 'Android', browser: 'Samsung Internet' },
  ],
  [
    'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    { kind: 'desktop', os: 'Linux', browser: 'Firefox' },
  ],
  [
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
    { kind: 'desktop', os: 'ChromeOS', browser: 'Opera' },
  ],
  ['node', { kind: 'unknown', os: '', browser: '' }],
  ['', { kind: 'unknown', os: '', browser: '' }],
];

describe('naming a device from its user agent', () => {
  it('names the real agents of the common browsers and systems', () => {
    for (const [agent, expected] of AGENTS) expect(describeAgent(agent), agent).toEqual(expected);
  });

  it('answers for any text at all, with names only from its fixed lists', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (agent) => {
        const { kind, os, browser } = describeAgent(agent);
        expect(['phone', 'tablet', 'desktop', 'unknown']).toContain(kind);
        expect(['', ...SYSTEMS]).toContain(os);
        expect(['', ...BROWSERS]).toContain(browser);
        // No system named: no kind guessed, unless the agent itself says phone or tablet.
        if (os === '' && !/Mobi|iPad|Tablet/.test(agent)) expect(kind).toBe('unknown');
      }),
    );
  });

  it('an Android agent is a phone exactly when it says Mobile', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...AGENTS.filter(([, d]) => d.os === 'Android').map(([a]) => a)),
        fc.boolean(),
        (agent, mobile) => {
          const bare = agent.replace(/\bMobile /g, '');
          const text = mobile ? bare.replace('Safari/', 'Mobile Safari/') : bare;
          expect(describeAgent(text).kind).toBe(mobile ? 'phone' : 'tablet');
        },
      ),
    );
  });
});
