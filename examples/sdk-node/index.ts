/**
 * The @lp/sdk from Node, end to end: browse the catalogue, fill a cart, place a public buyer's order with a coupon
 * and its Leitweg-ID for the e-invoice (`sdk.checkout`) and pay it through the reference API's sandbox payment
 * provider. Prints the order number.
 *
 *   LP_API_URL=http://127.0.0.1:4000 pnpm --filter @lp/example-sdk-node start
 *
 * Without LP_API_URL it starts an in-memory API of its own.
 */
import { type AddCartItemBody, type CheckoutAddress, createSdk, isLpError } from '@lp/sdk';
import {
  isValidBuyerReference,
  isValidEmail,
  isValidName,
  isValidPhone,
  isValidPostcode,
} from '@lp/sdk/validation';

const log = (...parts: unknown[]) => console.log(...parts);

/** Starts a throw-away API unless LP_API_URL names one. */
async function apiUrl(): Promise<{ url: string; close(): Promise<void> }> {
  const url = process.env.LP_API_URL;
  if (url) return { url, close: async () => {} };
  const { startApi } = await import('@lp/api');
  const api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
  return { url: api.url, close: api.close };
}

/** The sandbox provider shows a page with an approve form; post it like a shopper's browser would. */
async function approveSandboxPayment(redirectUrl: string): Promise<string> {
  const page = await (await fetch(redirectUrl)).text();
  const action = /<form method="post" action="([^"]+\/approve)">/.exec(page)?.[1];
  if (!action) throw new Error('The sandbox page has no approve form.');
  const answer = await fetch(new URL(action, redirectUrl), { method: 'POST', redirect: 'manual' });
  return answer.headers.get('location') ?? '';
}

export async function main(): Promise<{ orderNumber: string; headerGuid: string }> {
  const api = await apiUrl();
  try {
    const dataLayer: unknown[] = [];
    const sdk = createSdk({ baseUrl: api.url, dataLayer, consent: { marketing: true } });

    // Catalogue: the company is looked up once and cached.
    const company = await sdk.getCompany();
    const { items } = await sdk.catalogue.products(company.UniqueId);
    log(`${company.Name}: ${items.length} products`);
    const funschild = await sdk.catalogue.productByAlias(company.UniqueId, 'funschild');

    // Cart: the store keeps count, price summary and shipping in step and remembers the cart guid.
    const line: AddCartItemBody = {
      productUniqueId: funschild.UniqueId,
      quantity: 2,
      addData: [
        {
          count: 2,
          info: {
            Alias: funschild.Alias,
            Title: funschild.Title,
            Attributes: {
              Kennzeichen: 'LP SHOP',
              'Kennzeichen-Art': 'Standard',
              Kennzeichengröße: '520x110',
            },
          },
        },
      ],
    };
    await sdk.cartStore.getState().add(line);
    const { count, priceSummary, freeShippingFrom } = sdk.cartStore.getState();
    log(
      `cart: ${count} items, ${priceSummary.total.toFixed(2)} EUR incl. shipping (free from ${freeShippingFrom} EUR)`,
    );
    sdk.tracker.track('add_to_cart', {
      items: [
        { item_id: funschild.UniqueId, item_name: funschild.Title, price: funschild.Price, quantity: 2 },
      ],
    });

    // Coupon: validate it first (the cart page shows what it gives); sdk.checkout applies it to the order.
    const coupon = await sdk.coupons.validate('WILLKOMMEN10', company.UniqueId);
    log(`coupon ${coupon.code}: ${coupon.value}${coupon.kind === 'percent' ? ' %' : ' EUR'} off`);

    // Order: one call runs the spec 4 workflow (addresses, save, coupon, confirm, payment) and answers a typed
    // outcome. It checks types and lengths; the spec 5 rules are checked here first, as a form would.
    const shipping: CheckoutAddress = {
      name: 'Jürgen',
      lastName: 'Müller-Lüdenscheidt',
      street: 'Hauptstraße',
      houseNumber: '12a',
      zipCode: '10115',
      city: 'Berlin',
    };
    const contact = { email: 'juergen@example.de', phone: '+49 3012345678' };
    // A public buyer: the invoice goes to the town's address, and its e-invoice (XRechnung) must name the
    // Leitweg-ID the town gave (the buyer reference). The API takes buyerReference and buyerVatId only with a
    // billing address (or, without one, a shipping address) that names a company.
    const billing: CheckoutAddress = {
      ...shipping,
      company: 'Stadt Musterstadt, Fuhrpark',
      street: 'Rathausplatz',
      houseNumber: '1',
    };
    const buyerReference = '04011000-1234512345-06';
    const valid =
      isValidEmail(contact.email) &&
      isValidPhone(contact.phone) &&
      isValidName(shipping.lastName) &&
      isValidPostcode(shipping.zipCode) &&
      isValidBuyerReference(buyerReference);
    if (!valid) throw new Error('The example address breaks the validation rules.');
    const outcome = await sdk.checkout.placeOrder({
      ...contact,
      shipping,
      billing,
      buyerReference,
      paymentMethod: 'paypal',
      couponCode: coupon.code,
      returnUrl: `${api.url}/thank-you`,
      cancelUrl: `${api.url}/cart`,
    });
    // `invalid` names the refused fields, e.g. buyerReference for a Leitweg-ID with wrong check digits.
    if (outcome.kind !== 'redirect') throw new Error(`The order was not placed: ${JSON.stringify(outcome)}`);
    const { redirectUrl, headerGuid } = outcome;
    const order = await sdk.orders.get(headerGuid);
    log(
      `order ${order.orderNumber}: ${order.totalAmount.toFixed(2)} EUR after ${order.discountAmount.toFixed(2)} EUR off, Leitweg-ID ${order.buyerReference}`,
    );

    // Payment: the sandbox provider approves, then redirects back with the headerGuid.
    await approveSandboxPayment(redirectUrl);
    const paid = await sdk.orders.get(headerGuid);
    sdk.tracker.track('purchase', {
      transaction_id: paid.orderNumber,
      value: paid.totalAmount,
      items: paid.orderItems.map((i) => ({
        item_id: i.itemId,
        item_name: i.businessName,
        price: i.price,
        quantity: i.itemQuantity,
      })),
    });
    sdk.cartStore.getState().clear();
    log(`tracked ${dataLayer.length / 2} events`);
    log(`Order ${paid.orderNumber} ${paid.status} (headerGuid ${headerGuid})`);
    return { orderNumber: paid.orderNumber, headerGuid };
  } finally {
    await api.close();
  }
}

// Run when started as a script (not when imported by the test).
if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(
      isLpError(error) ? `${error.code} ${error.status ?? ''} ${JSON.stringify(error.body)}` : error,
    );
    process.exitCode = 1;
  });
}
