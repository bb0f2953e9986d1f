import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetContentSecurityPolicy } from '../../examples/dealer-site/contentSecurityPolicy.mjs';
import { type WidgetWorld, startWidgetWorld } from './widgetWorld';

let world: WidgetWorld;
let policy = '';

beforeAll(async () => {
  // The origins are known only once the servers run, so the header is filled in afterwards (same object).
  const headers: Record<string, string> = {};
  world = await startWidgetWorld({ dealerHeaders: headers });
  // The guide's policy (docs/learn/embed-the-widget.md), with the widget served from its own origin.
  policy = widgetContentSecurityPolicy({ shop: world.widget.url, api: world.api.url });
  headers['Content-Security-Policy'] = policy;
});
afterAll(async () => {
  await world?.close();
});

describe('strict Content-Security-Policy', () => {
  it('works without eval, inline script or inline style, and reports no violation', async () => {
    const page = await world.browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`Refused to ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await page.goto(`${world.dealer.url}/index.html`);
    expect(response?.headers()['content-security-policy']).toBe(policy);
    await page.locator('#generator .price-total').waitFor();
    await page.locator('#generator input[name="kennzeichen"]').fill('HB-CS 1');
    await page.locator('#generator button[type="submit"]').click();
    await page.locator('#generator a[part="cart-link"]').waitFor();
    // Styles still apply (adopted stylesheets are not inline styles); the pointer leaves the button first.
    await page.mouse.move(0, 0);
    // Polled: the hover and busy styles go on the widget's own time (a transition may still run).
    await expect
      .poll(() =>
        page
          .locator('#generator button[type="submit"]')
          .evaluate((button) => getComputedStyle(button).backgroundColor),
      )
      .toBe('rgb(11, 87, 164)');
    expect(problems).toEqual([]);
    await page.close();
  });
});
