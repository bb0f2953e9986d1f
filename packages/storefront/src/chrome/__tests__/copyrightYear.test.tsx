import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../__tests__/renderWithShop';
import { Footer } from '../Footer';

/**
 * Session 24, calendar: the footer's copyright year is the shop's (Berlin) year. The server renders in its own zone
 * (UTC), the phone hydrates in the shopper's (New York on holiday): with the device's year the two texts differ on
 * New Year's night, a hydration mismatch, and one of them names last year.
 */
const zone = process.env.TZ;
afterEach(() => {
  vi.useRealTimers();
  // Assigning undefined would set the text 'undefined'.
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

function footerAt(instant: string, timeZone: string): string {
  process.env.TZ = timeZone;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
  const { unmount } = renderWithShop(
    <Footer
      articles={[]}
      menu={[]}
      mainProducts={[]}
      mainCategoryId={1}
      freeShippingFrom={50}
      phone="+49 3023125000"
      appVersion="1.32.0"
    />,
  );
  const text = screen.getByText(/^© /).textContent;
  unmount();
  return text ?? '';
}

describe('the copyright year', () => {
  it("is Berlin's year on a UTC server and on a phone in New York, at the turn of the year", () => {
    // 31 December 23:30 UTC is 1 January 00:30 in Berlin, still 18:30 on 31 December in New York.
    const server = footerAt('2026-12-31T23:30:00Z', 'UTC');
    const phone = footerAt('2026-12-31T23:30:00Z', 'America/New_York');
    expect(server).toBe('© 2027 Kennzeichen-Profi · Version 1.32.0');
    expect(phone).toBe(server);
    // 31 December 22:59 UTC is 23:59 in Berlin: still the old year everywhere.
    expect(footerAt('2026-12-31T22:59:00Z', 'America/New_York')).toBe(
      '© 2026 Kennzeichen-Profi · Version 1.32.0',
    );
  });
});
