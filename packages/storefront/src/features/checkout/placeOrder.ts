import { type Sdk, isLpError } from '@lp/sdk';
import type { Address, PaymentMethodId } from '@lp/sdk/contract';
import { couponErrorMessage } from '../cart/couponMessages';
import type { AddressValues, CheckoutValues } from './checkoutFields';

/** A coupon the order would not take; the shopper decides (remove it or try another). */
export class CouponRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CouponRejected';
  }
}

/**
 * Save answered `payment-running`: a payment for this cart's order is already running. The new form data (and coupon) were
 * NOT used; the shopper decides whether to continue that payment (see continuePayment).
 */
export class PaymentRunning extends Error {
  constructor(readonly headerGuid: string | null) {
    super('Für diesen Warenkorb läuft bereits eine Zahlung.');
    this.name = 'PaymentRunning';
  }
}

const toAddress = (values: AddressValues): Address => ({
  name: values.name.trim(),
  lastName: values.lastName.trim(),
  ...(values.company.trim() ? { company: values.company.trim() } : {}),
  street: values.street.trim(),
  houseNumber: values.houseNumber.trim(),
  zipCode: values.zipCode.trim(),
  city: values.city.trim(),
  // The shop ships to Germany only (spec 7: rates for country DE).
  country: 'DE',
});

/** The API's machine code of a failed call (DESIGN 2); the flow branches on it, never on a message. */
const apiCode = (error: unknown) => (isLpError(error) ? error.apiCode : undefined);

export interface PlaceOrderInput {
  values: CheckoutValues;
  paymentMethod: PaymentMethodId;
  couponCode: string;
  /** The storefront origin; the sandbox sends the shopper back to it. */
  origin: string;
}

/**
 * spec 4 order flow: addresses on the cart, save order (orderHeaderGuid into AppState), apply the coupon, confirm,
 * create the payment; answers the provider page to go to. Safe to repeat: the API rewrites the same order for
 * the same cart (the stored orderHeaderGuid goes along as headerGuid); an order whose payment is already under way
 * stops with PaymentRunning so the shopper decides.
 *
 * @example
 * location.assign(await placeOrder(sdk, { values, paymentMethod: 'paypal', couponCode: '', origin: location.origin }));
 */
export async function placeOrder(
  sdk: Sdk,
  input: PlaceOrderInput,
): Promise<{ redirectUrl: string; headerGuid: string }> {
  const shippingAddress = toAddress(input.values.shipping);
  const billingAddress = input.values.billingSame ? shippingAddress : toAddress(input.values.billing);
  await sdk.cart.addShippingAddress(shippingAddress);
  await sdk.cart.addBillingAddress(billingAddress);
  // The stored guid lets the API update this cart's unpaid order instead of creating a second one (reload/back).
  const storedGuid = sdk.appState.get().orderHeaderGuid;
  let headerGuid: string;
  try {
    const saved = await sdk.orders.save({
      ...(storedGuid ? { headerGuid: storedGuid } : {}),
      billingPerson: {
        email: input.values.email.trim(),
        phone: input.values.phone.trim(),
        name: shippingAddress.name,
        lastName: shippingAddress.lastName,
      },
      shippingAddress,
      billingAddress,
      paymentMethod: input.paymentMethod,
    });
    headerGuid = saved.orderHeaderGuid;
  } catch (error) {
    // A payment for this cart's order is under way (back button from the provider). Paying it silently would
    // ignore what the shopper just typed (and the coupon), so the form asks first.
    if (apiCode(error) === 'payment-running') throw new PaymentRunning(storedGuid ?? null);
    throw error;
  }
  if (input.couponCode) {
    try {
      await sdk.coupons.apply({ headerGuid, code: input.couponCode });
    } catch (error) {
      // Our own code already on the order (a repeated submit) is fine; anything else the shopper sees.
      const applied = apiCode(error) === 'coupon-already-applied';
      const order = applied ? await sdk.orders.get(headerGuid).catch(() => null) : null;
      if (order?.coupon?.code !== input.couponCode) throw new CouponRejected(couponErrorMessage(error));
    }
  }
  // A coupon removed in the cart must not ride along from an earlier save of the same order.
  if (!input.couponCode) await sdk.coupons.remove(headerGuid).catch(() => undefined);
  await sdk.orders.confirm(headerGuid);
  return continuePayment(sdk, { headerGuid, paymentMethod: input.paymentMethod, origin: input.origin });
}

/**
 * Starts (again) the provider payment of an order already confirmed, e.g. the one PaymentRunning names.
 *
 * @example
 * location.assign((await continuePayment(sdk, { headerGuid, paymentMethod: 'paypal', origin })).redirectUrl);
 */
export async function continuePayment(
  sdk: Sdk,
  input: { headerGuid: string; paymentMethod: PaymentMethodId; origin: string },
): Promise<{ redirectUrl: string; headerGuid: string }> {
  const { headerGuid } = input;
  const { redirectUrl } = await sdk.orders.createPayment({
    headerGuid,
    paymentMethod: input.paymentMethod,
    returnUrl: `${input.origin}/wait-for-confirmation`,
    cancelUrl: `${input.origin}/cancel-order`,
  });
  return { redirectUrl, headerGuid };
}
