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

const conflict = (error: unknown) => isLpError(error) && error.status === 409;

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
 * the same cart, and an order whose payment is already under way is paid again instead of saved anew.
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
  let headerGuid: string;
  let paying = false;
  try {
    const saved = await sdk.orders.save({
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
    // 409: a payment for this cart's order is under way (back button from the provider): pay that order.
    const stored = sdk.appState.get().orderHeaderGuid;
    if (!conflict(error) || !stored) throw error;
    headerGuid = stored;
    paying = true;
  }
  if (input.couponCode && !paying) {
    try {
      await sdk.coupons.apply({ headerGuid, code: input.couponCode });
    } catch (error) {
      // 409 with our own code already on the order (a repeated submit) is fine; anything else the shopper sees.
      const order = conflict(error) ? await sdk.orders.get(headerGuid).catch(() => null) : null;
      if (order?.coupon?.code !== input.couponCode) throw new CouponRejected(couponErrorMessage(error));
    }
  }
  // A coupon removed in the cart must not ride along from an earlier save of the same order.
  if (!input.couponCode && !paying) await sdk.coupons.remove(headerGuid).catch(() => undefined);
  if (!paying) await sdk.orders.confirm(headerGuid);
  const { redirectUrl } = await sdk.orders.createPayment({
    headerGuid,
    paymentMethod: input.paymentMethod,
    returnUrl: `${input.origin}/wait-for-confirmation`,
    cancelUrl: `${input.origin}/cancel-order`,
  });
  return { redirectUrl, headerGuid };
}
