// Back from the payment provider, the shopper waits on /wait-for-confirmation while the shop polls the order. The
// spinner there is spec 9's: the wave, opacity .7, on a light grey backdrop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StorefrontWorld, startStorefrontWorld } from '../storefront/storefrontWorld';

let world: StorefrontWorld;
beforeAll(async () => {
  world = await startStorefrontWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('the wait-for-confirmation spinner (spec 9)', () => {
  it('is a wave of bars at opacity .7 on a light grey backdrop while the order is checked', async () => {
    // An order the API does not know yet: the page keeps polling (up to 60 s) and shows the spinner meanwhile.
    const { page, errors } = await world.open(
      '/wait-for-confirmation?headerGuid=00000000-0000-4000-8000-000000000000',
      { width: 390 },
    );
    await page.getByText('Wir prüfen Ihre Zahlung …').waitFor();
    const spinner = page.locator('.order-status-page .spinner');
    const look = await spinner.evaluate((element) => {
      const style = getComputedStyle(element);
      const bars = [...element.children].map((bar) => getComputedStyle(bar));
      return {
        opacity: style.opacity,
        backdrop: style.backgroundColor,
        bars: bars.length,
        waving: new Set(bars.map((bar) => `${bar.animationName} ${bar.animationDelay}`)).size,
      };
    });
    expect(look.opacity).toBe('0.7');
    // Light grey: every channel equal and bright, not white.
    const [r, g, b] = (look.backdrop.match(/\d+/g) ?? []).map(Number);
    expect(r === g && g === b && (r ?? 0) >= 220 && (r ?? 255) < 255).toBe(true);
    // A wave: several bars, each on the same animation at its own moment.
    expect(look.bars).toBeGreaterThanOrEqual(3);
    expect(look.waving).toBe(look.bars);
    expect(await spinner.getAttribute('aria-hidden')).toBe('true');
    // The API answers 404 for the unknown order while the page polls; nothing else may fail.
    expect(errors.filter((error) => !/404/.test(error))).toEqual([]);
    await page.close();
  });
});
