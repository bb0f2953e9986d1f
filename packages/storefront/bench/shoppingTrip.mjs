// The shopping trip of the interactions bench (interactions.mjs): its groups of measured interactions, in the order
// a shopper meets them (home, product, menu and footer, cart, checkout).
import { cartCount, countAbove, measure, record, settle, tapOn, until, visit } from './interactionProbe.mjs';
import { CHECKOUT_LINES, RUNS } from './interactionSettings.mjs';

const PLATES = ['B-LP 101', 'M-AB 202', 'K-OP 404', 'S-UV 505', 'F-GH 606', 'D-JK 707', 'L-MN 808'];

async function homeGroup(page, results, shopUrl) {
  await visit(page, `${shopUrl}/`);
  const generator = page.locator('lp-plate-generator');
  const plate = generator.locator('input[name="kennzeichen"]');
  await plate.waitFor();
  for (let run = 0; run < RUNS; run++) {
    await plate.fill('');
    await (await tapOn(page, plate))();
    await settle(page);
    for (const key of PLATES[run % PLATES.length])
      record(
        results,
        'home: type a plate number (each key)',
        await measure(page, () => page.keyboard.type(key)),
      );
    // There and back: the longer numbers do not fit on the shorter plate, and the add needs a plate that fits.
    for (const name of ['460 × 110 mm', '520 × 110 mm']) {
      const tap = await tapOn(page, generator.locator('label', { hasText: name }).first());
      record(results, 'home: choose a size', await measure(page, tap));
    }
    const before = await cartCount(page);
    const add = await tapOn(page, generator.getByRole('button', { name: 'In den Warenkorb' }));
    record(results, 'home: In den Warenkorb (generator)', await measure(page, add, countAbove(page, before)));
    // The generator answers the add after the count moved (its message, its field); the next run starts after.
    await settle(page, 800);
  }
}

async function productGroup(page, results, shopUrl) {
  await visit(page, `${shopUrl}/funschild`);
  const sizes = ['460 × 110 mm', '520 × 110 mm'];
  for (let run = 0; run < RUNS; run++) {
    const variant = await tapOn(page, page.getByRole('button', { name: sizes[run % 2], exact: true }));
    record(results, 'product: choose a variant', await measure(page, variant));
    await (await tapOn(page, page.getByRole('spinbutton', { name: 'Menge' })))();
    await settle(page);
    record(
      results,
      'product: quantity + (arrow up)',
      await measure(page, () => page.keyboard.press('ArrowUp')),
    );
    record(
      results,
      'product: quantity − (arrow down)',
      await measure(page, () => page.keyboard.press('ArrowDown')),
    );
    await page.getByLabel('Wunschtext').fill(`SCHILD ${run + 1}`);
    const before = await cartCount(page);
    const add = await tapOn(page, page.getByRole('button', { name: 'In den Warenkorb', exact: true }));
    record(
      results,
      'product: In den Warenkorb',
      await measure(
        page,
        add,
        until(page, () => Boolean(document.querySelector('.toast'))),
      ),
    );
    await countAbove(page, before)();
    // The toast goes on a tap on it (dismissOnTap).
    await page
      .locator('.toast')
      .first()
      .tap()
      .catch(() => undefined);
    await page
      .locator('.toast')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
  }
}

async function chromeGroup(page, results, shopUrl) {
  await visit(page, `${shopUrl}/`);
  const isOpen = () => Boolean(document.querySelector('.mobile-menu'));
  for (let run = 0; run < RUNS; run++) {
    const open = await tapOn(page, page.getByRole('button', { name: 'Menü öffnen' }));
    record(results, 'chrome: open the mobile menu', await measure(page, open, until(page, isOpen)));
    const close = await tapOn(page, page.getByRole('button', { name: 'Menü schließen' }));
    record(
      results,
      'chrome: close the mobile menu',
      await measure(
        page,
        close,
        until(page, () => !document.querySelector('.mobile-menu')),
      ),
    );
  }
  const footer = page.locator('footer .footer-section__title button');
  const count = await footer.count();
  for (let run = 0; run < RUNS; run++) {
    const button = footer.nth(run % count);
    const expanded = await button.getAttribute('aria-expanded');
    record(results, 'chrome: open or close a footer section', await measure(page, await tapOn(page, button)));
    if ((await button.getAttribute('aria-expanded')) === expanded)
      throw new Error('the footer section did not toggle');
  }
  for (let run = 0; run < RUNS; run++) {
    const card = page.locator('article a').nth(run);
    const href = await card.getAttribute('href');
    const tap = await tapOn(page, card);
    record(
      results,
      'chrome: product card to product page (client navigation)',
      await measure(
        page,
        tap,
        until(page, (path) => location.pathname === path && document.querySelector('h1'), href),
      ),
    );
    await page.goBack();
    await page.waitForFunction(() => location.pathname === '/');
    await settle(page, 300);
  }
}

/** Fills the cart up to `lines` lines through the product page (not measured), for groups run on their own. */
async function ensureLines(page, shopUrl, lines) {
  if ((await cartCount(page)) >= lines) return;
  await visit(page, `${shopUrl}/funschild`);
  for (let n = await cartCount(page); n < lines; n++) {
    await page.getByLabel('Wunschtext').fill(`ZEILE ${n + 1}`);
    await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).tap();
    await countAbove(page, n)();
  }
}

async function cartGroup(page, results, shopUrl) {
  await ensureLines(page, shopUrl, RUNS + 2);
  await visit(page, `${shopUrl}/cart`);
  const idle = until(page, () => document.querySelector('.cart-page')?.getAttribute('aria-busy') === 'false');
  await idle();
  for (let run = 0; run < RUNS; run++) {
    const plus = await tapOn(page, page.getByRole('button', { name: 'Position 1: Menge erhöhen' }));
    record(results, 'cart: quantity +', await measure(page, plus, idle));
    const minus = await tapOn(page, page.getByRole('button', { name: 'Position 1: Menge verringern' }));
    record(results, 'cart: quantity −', await measure(page, minus, idle));
  }
  const removeCoupon = page.getByRole('button', { name: 'Gutschein WILLKOMMEN10 entfernen' });
  for (let run = 0; run < RUNS; run++) {
    await page.getByLabel('Gutscheincode').fill('WILLKOMMEN10');
    const apply = await tapOn(page, page.getByRole('button', { name: 'Einlösen' }));
    const applied = until(page, () =>
      [...document.querySelectorAll('.coupon-field button')].some((b) =>
        b.textContent?.includes('entfernen'),
      ),
    );
    record(results, 'cart: apply a coupon', await measure(page, apply, applied));
    await removeCoupon.tap();
    // Said when the field has been emptied too (CouponField), so the next run's code is not cleared after typing.
    await page.getByText('Der Gutschein wurde entfernt.').waitFor();
  }
  for (let run = 0; run < RUNS; run++) {
    const before = await page.locator('tr.cart-line').count();
    if (before < 2) break;
    const remove = await tapOn(
      page,
      page
        .locator('tr.cart-line')
        .first()
        .getByRole('button', { name: /^Entfernen/ }),
    );
    const gone = until(page, (n) => document.querySelectorAll('tr.cart-line').length < n, before);
    record(results, 'cart: remove a line', await measure(page, remove, gone));
    await idle();
  }
}

async function checkoutGroup(page, results, shopUrl) {
  await ensureLines(page, shopUrl, CHECKOUT_LINES);
  await visit(page, `${shopUrl}/cart/checkout`);
  const submit = page.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
  await submit.waitFor();
  const fields = [
    ['#shipping-name', 'Maximilian'],
    ['#shipping-lastName', 'Mustermann'],
    ['#shipping-street', 'Hauptstraße'],
    ['#shipping-city', 'Berlin'],
    ['#email', 'max@example.de'],
  ];
  for (let run = 0; run < RUNS; run++) {
    const [selector, value] = fields[run % fields.length];
    await page.locator(selector).fill('');
    await (await tapOn(page, page.locator(selector)))();
    await settle(page);
    for (const key of value)
      record(
        results,
        'checkout: type into an address field (each key)',
        await measure(page, () => page.keyboard.type(key)),
      );
  }
  for (let run = 0; run < RUNS; run++) {
    await page.locator('#shipping-name').fill('');
    const tap = await tapOn(page, submit);
    const invalid = until(page, () => Boolean(document.querySelector('[aria-invalid="true"]')));
    record(results, 'checkout: submit with errors', await measure(page, tap, invalid));
  }
}

export const GROUPS = [
  ['home', homeGroup],
  ['product', productGroup],
  ['chrome', chromeGroup],
  ['cart', cartGroup],
  ['checkout', checkoutGroup],
];
