import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePlateCheck } from '../src/index';

describe('usePlateCheck', () => {
  it('accepts a valid plate and gives its canonical form', () => {
    const { result } = renderHook(() => usePlateCheck('b ab 123'));
    expect(result.current.ok).toBe(true);
    expect(result.current.formatted).toBe('B-AB 123');
    expect(result.current.errors).toEqual([]);
  });

  it('reports the rules of the SDK with German messages (forbidden letters, kinds, seasons)', () => {
    expect(renderHook(() => usePlateCheck('B-SS 12')).result.current.errors[0]?.code).toBe(
      'forbidden-letters',
    );
    const e = renderHook(() => usePlateCheck({ text: 'B-AB 123E', kind: 'E' })).result.current;
    expect(e.ok).toBe(true);
    expect(e.formatted).toBe('B-AB 123E');
    const season = renderHook(() => usePlateCheck({ text: 'M-XY 99', kind: 'season', season: { start: 4 } }));
    expect(season.result.current.ok).toBe(false);
    expect(season.result.current.errors[0]?.message).toMatch(/[a-zäöü]/);
  });

  it('never throws on empty, hostile or huge input', () => {
    const inputs: unknown[] = [
      '',
      null,
      undefined,
      42,
      {},
      { text: 42 },
      { text: 'B-AB 1', kind: 'rocket' },
      { text: 'B-AB 1', season: 'sommer', kind: 'season' },
      '<script>alert(1)</script>',
      'B-AB 1\u0000',
      'X'.repeat(1_000_000),
      '💥'.repeat(100_000),
    ];
    for (const input of inputs) {
      const started = performance.now();
      const { result } = renderHook(() => usePlateCheck(input as string));
      expect(result.current.ok, String(input).slice(0, 30)).toBe(false);
      expect(result.current.errors.length).toBeGreaterThan(0);
      expect(performance.now() - started).toBeLessThan(500);
    }
  });

  it('computes again only when the input changes, also for a new inline object', () => {
    const { result, rerender } = renderHook(
      ({ text }) => usePlateCheck({ text, kind: 'season', season: { start: 4, end: 10 } }),
      { initialProps: { text: 'M-XY 99' } },
    );
    const first = result.current;
    expect(first.ok).toBe(true);
    rerender({ text: 'M-XY 99' });
    expect(result.current).toBe(first);
    rerender({ text: 'M-XY 990' });
    expect(result.current).not.toBe(first);
    expect(result.current.formatted).toBe('M-XY 990');
  });
});
