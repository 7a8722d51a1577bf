import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crowdedTargets, TAP_SIZE, type TargetBox } from '../../e2e/tap-target-rule.ts';

const box = (name: string, x: number, y: number, width: number, height: number): TargetBox => ({
  name,
  x,
  y,
  width,
  height,
});

const size = fc.integer({ min: 1, max: 120 });
const place = fc.integer({ min: 0, max: 2_000 });
const target = fc.record({ x: place, y: place, width: size, height: size });

describe('the phone tap-target rule: 44 px, or spaced as WCAG 2.5.8 spaces an undersized target', () => {
  it('the cases the issue names: a 30 px tab beside another, 40 px chart periods in a row, 31 px chips', () => {
    // 30 px tabs side by side, 4 px apart: a 44 px circle on each centre reaches 22 px, short of
    // the next tab, so 2.5.8's spacing lets them pass...
    expect(crowdedTargets([box('tab A', 0, 0, 88, 30), box('tab B', 92, 0, 88, 30)])).toEqual([]);
    // ...but not with a button 4 px under them (the lever tabs over "Close all"): crowded.
    expect(crowdedTargets([box('tab A', 0, 0, 88, 30), box('close', 0, 34, 88, 30)])).toEqual([
      'tab A 88x30 (beside close)',
      'close 88x30 (beside tab A)',
    ]);
    // 40 x 40 periods 4 px apart: their centres 44 px apart, and a 44 px circle reaches no neighbour.
    expect(
      crowdedTargets([box('1m', 0, 0, 40, 40), box('5m', 44, 0, 40, 40), box('15m', 88, 0, 40, 40)]),
    ).toEqual([]);
    // The same periods with no gap: crowded.
    expect(crowdedTargets([box('1m', 0, 0, 40, 40), box('5m', 40, 0, 40, 40)])).toHaveLength(2);
    // A 31 px chip alone on its row, with nothing within 22 px of its centre: spaced, so it passes.
    expect(crowdedTargets([box('chip', 100, 100, 36, 31), box('field', 100, 160, 200, 44)])).toEqual([]);
  });

  it('a control of 44 x 44 or more never breaks the rule, wherever it stands', () => {
    fc.assert(
      fc.property(
        fc.array(target, { maxLength: 12 }),
        fc.integer({ min: TAP_SIZE, max: 200 }),
        fc.integer({ min: TAP_SIZE, max: 200 }),
        place,
        place,
        (others, width, height, x, y) => {
          const big = box('big', x, y, width, height);
          const named = others.map((other, index) => ({ ...other, name: `t${index}` }));
          expect(crowdedTargets([big, ...named]).some((line) => line.startsWith('big '))).toBe(false);
        },
      ),
    );
  });

  it('an undersized control alone passes; one whose centre lies inside another control fails', () => {
    fc.assert(
      fc.property(target, target, (a, b) => {
        const small = box('small', a.x, a.y, Math.min(a.width, TAP_SIZE - 1), a.height);
        expect(crowdedTargets([small])).toEqual([]);
        const cx = small.x + small.width / 2;
        const cy = small.y + small.height / 2;
        // A control drawn over the small one's centre (a field around its icon, a row around its star).
        const around = box('around', cx - b.width / 2, cy - b.height / 2, b.width, b.height);
        expect(crowdedTargets([small, around]).some((line) => line.startsWith('small '))).toBe(true);
      }),
    );
  });

  it('undersized controls whose centres stand 44 px or more from every other control pass', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ width: fc.integer({ min: 1, max: 43 }), height: size }), { maxLength: 10 }),
        (sizes) => {
          // Each in its own 120 px cell, centred: 44 px circles never meet a neighbour (cells 120 apart,
          // boxes at most 120 / 2 from a centre... so the gap from a centre to the next box is at least 60 - 22).
          const boxes = sizes.map(({ width, height }, index) =>
            box(
              `c${index}`,
              index * 200 + 100 - width / 2,
              100 - Math.min(height, 100) / 2,
              width,
              Math.min(height, 100),
            ),
          );
          expect(crowdedTargets(boxes)).toEqual([]);
        },
      ),
    );
  });

  it('boxes with no area are not controls: they neither fail nor crowd', () => {
    expect(crowdedTargets([box('hidden', 0, 0, 0, 0), box('small', 0, 0, 20, 20)])).toEqual([]);
  });
});
