// Session 26, hostile26: since session 25 the storefront builds its route table and static handler once per process
// and hands each page's data, config and cart read through React Router's request context. Shoppers whose pages
// render at the same time must still each get their own: the cart page of one never shows another's lines, the
// consent banner follows each request's own cookie, and a page whose render fails (an unknown order, a broken
// cookie) changes nobody else's. Rounds of pages fired at once against the real API and the built storefront.
import { type RunningApi, startApi } from '@lp/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { funPlateCart } from '../support/funPlateCart';

let api: RunningApi;
let shop: RunningStorefront;

beforeAll(async () => {
  ensureStorefrontBuilt();
  api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
  shop = await startStorefront({ port: 0, apiUrl: api.url, env: {}, apiTimeoutMs: 10_000 });
});
afterAll(async () => {
  await shop?.close();
  await api?.close();
});

/** A shopper's cart with one fun plate reading `text`; answers its guid. */
const cartWith = async (text: string) => (await funPlateCart(api.url, text)).guid;

const page = async (path: string, cookie = '') => {
  const response = await fetch(`${shop.url}${path}`, {
    headers: cookie ? { cookie } : {},
    redirect: 'manual',
  });
  return { status: response.status, html: await response.text() };
};

const SHOPPERS = 6;
const DECIDED = 'lp_consent=v1.s0.m0.t0';
const BANNER = 'id="lp-consent-title"';

describe('pages of different shoppers rendered at the same time', () => {
  it('each cart page shows its own cart and its own consent state, whatever renders or fails beside it', async () => {
    const texts = Array.from({ length: SHOPPERS }, (_, i) => `B-HX ${100 + i}`);
    const guids = await Promise.all(texts.map(cartWith));
    for (let round = 0; round < 3; round++) {
      const carts = guids.map((guid, i) =>
        // Every other shopper has decided on cookies already: their page has no banner, the others' has it.
        page('/cart', `lp_cart=${guid}${i % 2 ? `; ${DECIDED}` : ''}`),
      );
      // Beside them: a stranger with no cart, a broken cart cookie, an unknown order's page, a product page.
      const others = [
        page('/cart'),
        page('/cart', 'lp_cart=%E0%A4%A; lp_consent=%%%'),
        page('/thank-you/00000000-0000-4000-8000-000000000000', DECIDED),
        page('/funschild'),
      ];
      const [answers, [stranger, broken, unknownOrder, product]] = await Promise.all([
        Promise.all(carts),
        Promise.all(others),
      ]);
      answers.forEach((answer, i) => {
        expect(answer.status).toBe(200);
        expect(answer.html).toContain(texts[i]);
        for (const other of texts.filter((_, j) => j !== i)) expect(answer.html).not.toContain(other);
        expect(answer.html.includes(BANNER)).toBe(i % 2 === 0);
      });
      for (const answer of [stranger, broken, unknownOrder, product]) {
        expect(answer?.status).toBeLessThan(500);
        for (const text of texts) expect(answer?.html).not.toContain(text);
      }
      expect(stranger?.html).toContain(BANNER);
      expect(unknownOrder?.html).not.toContain(BANNER);
    }
  });
});
