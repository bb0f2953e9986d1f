import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { gotoHydrated } from '../support/hydration';

/**
 * A pair of plates with `text`, added on the official plate's page of the shop at `shopUrl` (the generator starts at
 * a pair): how the account tests put something into a device's cart.
 */
export async function addPlatePair(page: Page, shopUrl: (path: string) => string, text: string) {
  await gotoHydrated(page, shopUrl('/kfz-kennzeichen'));
  const generator = page.locator('lp-plate-generator');
  await generator.locator('input[name="kennzeichen"]').fill(text);
  await expect.poll(() => generator.getByRole('spinbutton').inputValue()).toBe('2');
  await generator.getByRole('button', { name: 'In den Warenkorb' }).click();
  await generator.getByText('Zum Warenkorb hinzugefügt.').waitFor();
}
