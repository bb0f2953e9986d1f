import type { AppStateStore } from '../appState';
import { SHIPPING_COUNTRY } from '../contract/constants';
import type { ApiErrorBody, PaymentMethodId } from '../contract/entities';
import type { LpError } from '../errors';
import type { CartService } from './cartService';
import type { OrderService } from './orderService';
import { invalidParameter, requireObject, requireText } from './requireParam';

/** A shipping or billing address as the shopper typed it; the country is always Germany (spec 7). */
export interface CheckoutAddress {
  name: string;
  lastName: string;
  company?: string;
  street: string;
  houseNumber: string;
  zipCode: string;
  city: string;
  /** The address addition ("Adresszusatz"): c/o, floor, department or the DHL Postnummer of a Packstation. */
  street2?: string;
}

/** Where the payment provider sends the shopper back to (absolute URLs on an origin the API allows). */
export interface PaymentReturn {
  returnUrl: string;
  cancelUrl: string;
}

/** Input of {@link CheckoutService.placeOrder}. */
export interface CheckoutInput extends PaymentReturn {
  email: string;
  /** `+49 ` and 9-14 digits (spec 5). */
  phone: string;
  shipping: CheckoutAddress;
  /** Omitted or null: the billing address is the shipping address. */
  billing?: CheckoutAddress | null;
  paymentMethod: PaymentMethodId;
  /**
   * Issue 13: the coupon belongs to the cart (`sdk.cartStore.getState().applyCoupon(code)`), and the order takes
   * the cart's. A code given here is put on the cart first; omitted or blank, the cart's coupon (if any) counts and
   * no coupon request is sent.
   */
  couponCode?: string;
  /**
   * The total the shopper's review showed above the order button (the cart's `priceSummary.total`, euro). Given,
   * the save refuses any other total: `placeOrder` throws an LpError with `apiCode` `price-changed` and nothing is
   * saved; read the cart again and let the shopper review it (§ 312j BGB).
   */
  expectedTotal?: number;
  /**
   * A company order's buyer reference for the invoice (XRechnung BT-10): a public buyer's Leitweg-ID with valid
   * check digits (ISO 7064 MOD 97-10, e.g. `04011000-1234512345-06`) or the company's own order number (at most 50
   * letters, digits, spaces and `. , - / _ # : ( )`; rule: `isValidBuyerReference` of `@lp/sdk/validation`). Only
   * with a billing address (or, without one, a shipping address) that names a `company`. Omitted or blank: none.
   */
  buyerReference?: string;
  /**
   * A company order's German USt-IdNr. (XRechnung BT-48): `DE` and nine digits with a valid check digit, spaces
   * allowed (rule: `isValidVatId` of `@lp/sdk/validation`); printed on the invoice, it changes no price. Only with a
   * company, as `buyerReference`. Omitted or blank: none.
   *
   * `placeOrder` checks both only for type and length (an `invalidParameter` LpError before anything is sent); the
   * API checks the rules, and a refusal is the `invalid` outcome naming `buyerReference`, `buyerVatId` or
   * `billingAddress.company` for a missing company (without `billing` the shipping address is the billing address).
   */
  buyerVatId?: string;
}

/** One broken field, as the API names it (`shippingAddress.zipCode`, `billingPerson.email`, `paymentMethod`). */
export type FieldError = NonNullable<ApiErrorBody['errors']>[number];

/** The payment page to send the shopper to. */
export type CheckoutRedirect = { kind: 'redirect'; redirectUrl: string; headerGuid: string };

/**
 * What {@link CheckoutService.placeOrder} answers; network and server failures throw {@link LpError} instead.
 * - `redirect`: the order is confirmed and its payment created; send the shopper to `redirectUrl`.
 * - `coupon-rejected`: the `couponCode` given was refused before the order was saved; `error.apiCode` says why
 *   (`coupon-expired`, `coupon-minimum-not-reached`, `coupon-not-found`, `validation`). `headerGuid` is the order
 *   this browser saved before, or null.
 * - `payment-running`: a payment for this cart's order is under way; nothing was changed. Continue it with
 *   {@link CheckoutService.continuePayment} (`headerGuid` is null when this browser never saved that order).
 * - `invalid`: the API refused fields (spec 5 rules, an unknown payment method); nothing was confirmed.
 */
export type CheckoutOutcome =
  | CheckoutRedirect
  | { kind: 'coupon-rejected'; code: string; error: LpError; headerGuid: string | null }
  | { kind: 'payment-running'; headerGuid: string | null }
  | { kind: 'invalid'; errors: FieldError[] };

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/**
 * Type check of the input before anything is sent: the named fields of `value` as trimmed text of at most `max`
 * characters (`?` marks an optional one); other keys are dropped. The spec 5 rules are the API's to check.
 */
function pick<T>(prefix: string, value: unknown, names: string, max: number): T {
  const source = requireObject(prefix || 'input', value) as Record<string, unknown>;
  const result: Record<string, string> = {};
  for (const key of names.split(' ')) {
    const name = key.replace('?', '');
    const path = prefix ? `${prefix}.${name}` : name;
    if (key !== name && !String(source[name] ?? '').trim()) continue;
    result[name] = requireText(path, source[name]);
    if (result[name].length > max) throw invalidParameter(path);
  }
  return result as T;
}

const address = (prefix: string, value: unknown) => ({
  ...pick<CheckoutAddress>(
    prefix,
    value,
    'name lastName company? street houseNumber zipCode city street2?',
    100,
  ),
  country: SHIPPING_COUNTRY,
});
/**
 * The order workflow of spec 4 in one call: the coupon onto the cart (only when one is given), addresses on the
 * cart, save the order (reusing the `orderHeaderGuid` of the app state, so a reload or the back button updates the
 * same order; the server takes the cart's coupon), confirm, create the payment. Branches on the API's machine codes
 * only (DESIGN 2).
 *
 * @example
 * const outcome = await sdk.checkout.placeOrder({ email, phone, shipping, paymentMethod: 'paypal', returnUrl, cancelUrl });
 * if (outcome.kind === 'redirect') location.assign(outcome.redirectUrl);
 */
export function createCheckoutService(services: {
  cart: CartService;
  orders: OrderService;
  appState: AppStateStore;
}) {
  const { cart, orders, appState } = services;

  /** Creates (again) the provider payment of a confirmed order, e.g. the one `payment-running` names. */
  const continuePayment = async (
    input: PaymentReturn & { headerGuid: string; paymentMethod: PaymentMethodId },
  ): Promise<CheckoutRedirect> => {
    const body = pick<typeof input>('', input, 'headerGuid paymentMethod returnUrl cancelUrl', 2000);
    return {
      kind: 'redirect',
      redirectUrl: (await orders.createPayment(body)).redirectUrl,
      headerGuid: body.headerGuid,
    };
  };

  return {
    /**
     * Places the order: see {@link CheckoutOutcome}. A missing input, wrong types or over-long texts throw an
     * `invalidParameter` LpError before anything is sent.
     * @example const outcome = await sdk.checkout.placeOrder({ email, phone, shipping, billing: null, paymentMethod: 'card', couponCode: 'WILLKOMMEN10', returnUrl, cancelUrl });
     */
    async placeOrder(input: CheckoutInput): Promise<CheckoutOutcome> {
      const {
        email,
        phone,
        couponCode: code,
        ...urls
      } = pick<CheckoutInput>('', input, 'email phone couponCode? returnUrl cancelUrl', 2000);
      // What the save takes as given: the payment method and the invoice references (only the ones given).
      const order = pick<Pick<CheckoutInput, 'paymentMethod' | 'buyerReference' | 'buyerVatId'>>(
        '',
        input,
        'paymentMethod buyerReference? buyerVatId?',
        2000,
      );
      const shippingAddress = address('shipping', input.shipping);
      const billingAddress = input.billing ? address('billing', input.billing) : shippingAddress;
      let headerGuid = appState.get().orderHeaderGuid;
      // Which call failed: the coupon's (none yet), or one of the address calls (the API names the fields of both
      // `address.*`), or a later one.
      let step = '';
      try {
        if (code) await cart.applyCoupon(code);
        step = 'shippingAddress';
        await cart.addShippingAddress(shippingAddress);
        step = 'billingAddress';
        await cart.addBillingAddress(billingAddress);
        headerGuid = (
          await orders.save({
            ...(headerGuid && { headerGuid }),
            billingPerson: { email, phone, name: shippingAddress.name, lastName: shippingAddress.lastName },
            shippingAddress,
            billingAddress,
            ...order,
            expectedTotal: input.expectedTotal,
          })
        ).orderHeaderGuid;
        await orders.confirm(headerGuid);
        // continuePayment picks the payment method and the return URLs out of the rest.
        return await continuePayment({ headerGuid, ...order, ...urls });
      } catch (error) {
        // The services throw LpErrors (anything else has no apiCode); `?.` for a thrown null.
        const reason = (error as LpError | undefined)?.apiCode;
        // Back from the provider: paying silently would ignore what the shopper just typed, so the app asks.
        if (reason === 'payment-running') return { kind: 'payment-running', headerGuid };
        if (!step && (reason?.startsWith('coupon-') || reason === 'validation'))
          return { kind: 'coupon-rejected', code: code!, error: error as LpError, headerGuid };
        if (reason !== 'validation') throw error;
        const { errors = [] } = (error as LpError).body as ApiErrorBody;
        return {
          kind: 'invalid',
          errors: errors.map((entry) => ({ ...entry, field: entry.field.replace(/^address\./, `${step}.`) })),
        };
      }
    },
    continuePayment,
  };
}
