/**
 * The tap-target rule the phone pages are held to: a control is at least 44 x 44 CSS px (Apple's
 * and WCAG 2.5.5's size), or it is spaced as WCAG 2.2's target-size rule (2.5.8) spaces an undersized
 * target, with 44 px in place of its 24: a 44 px circle centred on the control's box meets no other
 * control's box and no other undersized control's circle. A tap aimed at its centre then lands on
 * it and nothing else. Pure, so it is property-tested (tests/unit/views/tap-target-rule.test.ts).
 */
export const TAP_SIZE = 44;

export interface TargetBox {
  /** What a reader of the failure list needs to find it ("button "Limit"" and the like). */
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Sub-pixel layout (a 43.99 px box from rounding) is not a failure. */
const SLACK = 0.5;

export function isFullSize(box: TargetBox): boolean {
  return box.width >= TAP_SIZE - SLACK && box.height >= TAP_SIZE - SLACK;
}

function centre(box: TargetBox): { x: number; y: number } {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Whether a circle of radius r around a point reaches into a box (touching its edge does not count). */
function circleMeetsBox(point: { x: number; y: number }, r: number, box: TargetBox): boolean {
  const nearestX = Math.min(Math.max(point.x, box.x), box.x + box.width);
  const nearestY = Math.min(Math.max(point.y, box.y), box.y + box.height);
  return Math.hypot(point.x - nearestX, point.y - nearestY) < r - SLACK;
}

/**
 * The controls that break the rule, each with its size and what crowds it. Boxes with no area (not
 * shown) are not targets.
 */
export function crowdedTargets(boxes: readonly TargetBox[]): string[] {
  const targets = boxes.filter((box) => box.width > 0 && box.height > 0);
  const radius = TAP_SIZE / 2;
  const out: string[] = [];
  for (const [index, box] of targets.entries()) {
    if (isFullSize(box)) continue;
    const here = centre(box);
    const crowd = targets.find(
      (other, otherIndex) =>
        otherIndex !== index &&
        (circleMeetsBox(here, radius, other) ||
          (!isFullSize(other) &&
            Math.hypot(here.x - centre(other).x, here.y - centre(other).y) < TAP_SIZE - SLACK)),
    );
    if (crowd)
      out.push(`${box.name} ${Math.round(box.width)}x${Math.round(box.height)} (beside ${crowd.name})`);
  }
  return out;
}
