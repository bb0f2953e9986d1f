import { describe, expect, it } from 'vitest';
import { assertNoHydrationReports, isHydrationReport } from './hydrationGuard';

describe('isHydrationReport', () => {
  it('recognises React 19 production and development reports', () => {
    expect(
      isHydrationReport(
        '[warning] hydration: Minified React error #418; visit https://react.dev/errors/418?args[]=text&args[]= for the full message',
      ),
    ).toBe(true);
    expect(
      isHydrationReport('Uncaught Error: Minified React error #423; visit https://react.dev/errors/423'),
    ).toBe(true);
    expect(
      isHydrationReport("A tree hydrated but some attributes of the server rendered HTML didn't match"),
    ).toBe(true);
    expect(
      isHydrationReport('Hydration failed because the server rendered text didn’t match the client.'),
    ).toBe(true);
  });

  it('ignores other errors, other React error codes and look-alike numbers', () => {
    expect(isHydrationReport('Failed to load resource: the server responded with a status of 404')).toBe(
      false,
    );
    expect(isHydrationReport('Minified React error #185; visit https://react.dev/errors/185')).toBe(false);
    expect(isHydrationReport('Minified React error #4180')).toBe(false);
    expect(isHydrationReport('dehydrator')).toBe(false);
  });

  it('answers false for wrong types and empty input, and reads only the start of huge input', () => {
    for (const value of [undefined, null, 418, {}, [], Symbol('x'), ''])
      expect(isHydrationReport(value)).toBe(false);
    const huge = `${'x'.repeat(5_000_000)} hydration`;
    expect(isHydrationReport(huge)).toBe(false); // beyond the first 10,000 characters
    expect(isHydrationReport(`<script>alert(1)</script> Minified React error #418`)).toBe(true);
  });

  it('has nothing to report without a browser', () => {
    expect(() => assertNoHydrationReports()).not.toThrow();
  });
});
