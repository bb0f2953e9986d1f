// Steps a shopper takes in the checkout tests, as small helpers.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What a reader sees: Intl puts a no-break space before the euro sign. */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ').trim();

export const euro = (amount: number) => `${amount.toFixed(2).replace('.', ',')} €`;

/**
 * Configures one plate on its product page and adds it to the cart. Issue 13: an official plate's page embeds the
 * widget's generator (it starts at a pair; one plate keeps these tests' counts simple).
 */
export async function addPlate(page: Page, text = 'B-AB 123') {
  const generator = page.locator('lp-plate-generator');
  await generator.locator('input[name="kennzeichen"]').fill(text);
  await generator.getByRole('button', { name: 'Ein Schild weniger' }).click();
  await expect.poll(() => generator.getByRole('spinbutton').inputValue()).toBe('1');
  await generator.getByRole('button', { name: 'In den Warenkorb' }).click();
  await generator.getByText('Zum Warenkorb hinzugefügt.').waitFor();
}

/** Waits until the cart store has no request under way. */
export async function cartSettled(page: Page) {
  await page.locator('.cart-page[aria-busy="false"]').waitFor();
}

export async function applyCoupon(page: Page, code: string) {
  const field = page.getByLabel('Gutscheincode');
  await field.fill(code);
  await page.getByRole('button', { name: 'Einlösen' }).click();
}

export interface Address {
  email: string;
  phone: string;
  name: string;
  lastName: string;
  street: string;
  houseNumber: string;
  zipCode: string;
  city: string;
}

export const ERIKA: Address = {
  email: 'erika@example.de',
  phone: '030 12345678',
  name: 'Erika',
  lastName: 'Mustermann',
  street: 'Hauptstraße',
  houseNumber: '12a',
  zipCode: '10115',
  city: 'Berlin',
};

export async function fillCheckout(page: Page, address: Address) {
  await page.getByLabel('E-Mail').fill(address.email);
  await page.getByLabel('Telefon').fill(address.phone);
  await fillAddress(page, 'Lieferadresse', address);
}

/** Fills one address group of the checkout ('Lieferadresse' or 'Rechnungsadresse'), the company when given. */
export async function fillAddress(
  page: Page,
  group: 'Lieferadresse' | 'Rechnungsadresse',
  address: Omit<Address, 'email' | 'phone'> & { company?: string },
) {
  const fields = page.getByRole('group', { name: group });
  await fields.getByLabel('Vorname').fill(address.name);
  await fields.getByLabel('Nachname').fill(address.lastName);
  if (address.company !== undefined) await fields.getByLabel('Firma').fill(address.company);
  await fields.getByLabel('Straße').fill(address.street);
  await fields.getByLabel('Hausnummer').fill(address.houseNumber);
  await fields.getByLabel('PLZ').fill(address.zipCode);
  await fields.getByLabel('Ort').fill(address.city);
}

/** axe (WCAG 2.1 AA) finds nothing on the page. */
export async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** GA4 events the SDK pushed to the data layer, by name. */
export async function dataLayerEvents(
  page: Page,
): Promise<{ event: string; ecommerce?: Record<string, unknown> }[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
      (entry): entry is { event: string } => typeof entry === 'object' && entry !== null && 'event' in entry,
    ),
  ) as Promise<{ event: string; ecommerce?: Record<string, unknown> }[]>;
}

/** Console errors other than the browser's notes on the expected 400/404 answers of coupon checks. */
export const unexpected = (errors: string[]) =>
  errors.filter(
    (text) => !/Failed to load resource: the server responded with a status of (400|404|409)/.test(text),
  );
