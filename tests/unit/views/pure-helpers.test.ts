import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noticeHref, parseIdParam, registerHref, tradeHref } from '../../../src/views/components/links.ts';
import {
  clampPosition,
  isShown,
  lastPosition,
  stepPosition,
} from '../../../src/views/pages/home/carousel.ts';
import { EMBED_HEIGHT, embedTarget } from '../../../src/views/pages/white/embed-policy.ts';

const SITE = 'https://tessera.example';

describe('links', () => {
  it('opens the trade screen on a pair', () => {
    expect(tradeHref('BTC/USDT')).toBe('/trade?symbol=BTC/USDT');
    expect(tradeHref('A B/C&D')).toBe('/trade?symbol=A%20B/C%26D');
    fc.assert(
      fc.property(fc.string(), fc.string(), (base, quote) => {
        const symbol = `${base}/${quote}`;
        const url = new URL(tradeHref(symbol), SITE);
        expect(url.pathname).toBe('/trade');
        expect(url.searchParams.get('symbol')).toBe(symbol);
      }),
    );
  });

  it('opens a notice and the register page', () => {
    expect(noticeHref(66, 26)).toBe('/notice?id=66&category_id=26');
    expect(registerHref('  a+b@example.com ')).toBe('/register?haccount=a%2Bb%40example.com');
    expect(registerHref('   ')).toBe('/register');
    fc.assert(
      fc.property(fc.string(), (account) => {
        const url = new URL(registerHref(account), SITE);
        expect(url.pathname).toBe('/register');
        expect(url.searchParams.get('haccount') ?? '').toBe(account.trim());
      }),
    );
  });

  it('reads ids from the query string', () => {
    expect(parseIdParam('66')).toBe(66);
    for (const bad of [null, '', 'abc', '-1', '0', '1.5', '1e3', '99999999999'])
      expect(parseIdParam(bad)).toBeNull();
  });
});

describe('carousel positions', () => {
  const args = fc.tuple(
    fc.integer({ min: 0, max: 12 }),
    fc.integer({ min: 1, max: 4 }),
    fc.integer({ min: -5, max: 20 }),
  );

  it('stepping forward visits every position once and comes back', () => {
    fc.assert(
      fc.property(args, ([count, visible]) => {
        const positions = lastPosition(count, visible) + 1;
        const seen = new Set<number>();
        let position = 0;
        for (let i = 0; i < positions; i += 1) {
          seen.add(position);
          position = stepPosition(position, 1, count, visible);
        }
        expect(seen.size).toBe(positions);
        expect(position).toBe(0);
      }),
    );
  });

  it('back undoes forward, and positions stay in range', () => {
    fc.assert(
      fc.property(args, ([count, visible, start]) => {
        const position = clampPosition(start, count, visible);
        expect(position).toBeGreaterThanOrEqual(0);
        expect(position).toBeLessThanOrEqual(lastPosition(count, visible));
        expect(stepPosition(stepPosition(position, 1, count, visible), -1, count, visible)).toBe(position);
      }),
    );
  });

  it('shows exactly `visible` slides when there are enough', () => {
    fc.assert(
      fc.property(args, ([count, visible, start]) => {
        const position = clampPosition(start, count, visible);
        const shown = Array.from({ length: count }, (_, index) => index).filter((index) =>
          isShown(index, position, visible),
        );
        expect(shown.length).toBe(Math.min(count, visible));
      }),
    );
  });
});

describe('embedTarget (/white)', () => {
  it('embeds this site’s demo page without allow-same-origin', () => {
    const target = embedTarget('/external-buy.html', SITE, 'dark');
    expect(target).toEqual({
      kind: 'ok',
      src: `${SITE}/external-buy.html?theme=dark`,
      sandbox: 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox',
      sameOrigin: true,
    });
  });

  it('lets a partner on another origin keep its own origin', () => {
    const target = embedTarget('https://pay.partner.example/buy?x=1', SITE);
    expect(target.kind).toBe('ok');
    if (target.kind === 'ok') {
      expect(target.src).toBe('https://pay.partner.example/buy?x=1');
      expect(target.sandbox.split(' ')).toContain('allow-same-origin');
      expect(target.sameOrigin).toBe(false);
    }
  });

  it('never combines allow-scripts and allow-same-origin on this site’s origin', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.webPath(), fc.boolean(), (url, path, local) => {
        const target = embedTarget(local ? path || '/' : url, SITE);
        if (target.kind !== 'ok') return;
        const flags = target.sandbox.split(' ');
        if (new URL(target.src).origin === SITE) expect(flags).not.toContain('allow-same-origin');
        expect(flags).not.toContain('allow-top-navigation');
      }),
      { numRuns: 60 },
    );
  });

  it('refuses what is not configured or not a web page', () => {
    expect(embedTarget('', SITE)).toEqual({ kind: 'none' });
    expect(embedTarget(null, SITE)).toEqual({ kind: 'none' });
    expect(embedTarget('  ', SITE)).toEqual({ kind: 'none' });
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'blob:https://x/1',
      'https://user:pw@evil.example/',
      'http://[bad',
    ]) {
      expect(embedTarget(bad, SITE).kind, bad).toBe('invalid');
    }
  });

  it('is 800 high', () => {
    expect(EMBED_HEIGHT).toBe(800);
  });
});
