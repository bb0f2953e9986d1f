import { describe, expect, it } from 'vitest';
import { fitHandles, handlePoints } from '../handles';

const TOUCH = { anchor: 20, hit: 44, padding: 6 };
const MOUSE = { anchor: 10, hit: 10, padding: 0 };
// A default "Ihr Text" (624 x 180 at top 50) in a 358 px phone's working view (scale 0.4475, 134 px tall).
const phone = { width: 358, height: 134 };
const text = { x: 179, y: 140 * 0.4475, width: 624 * 0.4475, height: 180 * 0.4475, rotation: 0 };

const onStage = (p: { x: number; y: number }, stage: { width: number; height: number }, margin = 0) =>
  p.x >= margin && p.y >= margin && p.x <= stage.width - margin && p.y <= stage.height - margin;

describe('transformer handles within the stage', () => {
  it("keeps Konva's 50 px rotate offset where there is room", () => {
    const fit = fitHandles({ ...text, y: 150 }, { width: 358, height: 300 }, TOUCH);
    expect(fit.padding).toBe(6);
    expect(fit.rotateAnchorOffset).toBeCloseTo(50);
  });

  it('brings the rotate handle of a text near the top onto the phone stage (it was 34 px above it)', () => {
    expect(handlePoints(text, { padding: 6, rotateAnchorOffset: 50 })[4]!.y).toBeLessThan(0);
    const fit = fitHandles(text, phone, TOUCH);
    const points = handlePoints(text, fit);
    for (const p of points) expect(onStage(p, phone)).toBe(true);
    // The whole round handle is on the stage, and still above the box's centre (Konva's angle maths).
    expect(onStage(points[4]!, phone, 10)).toBe(true);
    expect(points[4]!.y).toBeLessThan(text.y - 20);
  });

  it('moves the rotate handle into the box for an item at the very top, and drops the corner padding', () => {
    const top = { ...text, y: text.height / 2 };
    const fit = fitHandles(top, phone, TOUCH);
    expect(fit.padding).toBe(0);
    expect(fit.rotateAnchorOffset).toBeLessThan(0);
    const points = handlePoints(top, fit);
    expect(onStage(points[4]!, phone, 10)).toBe(true);
    expect(top.y - points[4]!.y).toBeGreaterThanOrEqual(28);
  });

  it("follows the item's rotation: a text turned 90 degrees at the right edge keeps its rotater on the stage", () => {
    const turned = { x: 300, y: 67, width: 120, height: 40, rotation: 90 };
    const points = handlePoints(turned, fitHandles(turned, phone, TOUCH));
    expect(onStage(points[4]!, phone, 10)).toBe(true);
    expect(points[4]!.x).toBeGreaterThan(turned.x); // still on the box's own "up" side, now pointing right
  });

  it('leaves the middle of a small item free for a finger (no 44 px hit area covers it)', () => {
    const small = { x: 100, y: 23, width: 28, height: 30, rotation: 0 };
    const fit = fitHandles(small, { width: 358, height: 50 }, TOUCH);
    expect(fit.padding).toBe(6);
    for (const p of handlePoints(small, fit))
      expect(Math.hypot(p.x - small.x, p.y - small.y)).toBeGreaterThan(22);
  });

  it('does the same for the whole strip on a desktop (a mouse handle, no padding)', () => {
    const desktop = { width: 1334, height: 66 };
    const small = { x: 667, y: 140 * 0.22, width: 624 * 0.22, height: 180 * 0.22, rotation: 0 };
    const fit = fitHandles(small, desktop, MOUSE);
    expect(fit.padding).toBe(0);
    expect(onStage(handlePoints(small, fit)[4]!, desktop, 5)).toBe(true);
  });
});
