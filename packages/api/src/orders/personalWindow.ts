import type { Address, Order } from '@lp/sdk/contract';
import type { FastifyRequest } from 'fastify';
import { sessionCustomer } from '../account/sessionCookie';
import type { Queryable } from '../db/Db';
import type { OrderRow } from './orderRepo';

/**
 * Session 26 (decisions.md "A paid guest order's page at a shared computer"): the order's link (`/thank-you/<guid>`,
 * the bearer key of the order) stays in the browser's history and autocomplete. Answered by the guid alone, the
 * order names its buyer (billing person, addresses, buyer's references) for this many hours after it was paid, or,
 * not paid, after its checkout saved the buyer: the paying shopper's visit and a look again the same day or the
 * next. Afterwards the guid still shows what the order is (number, lines, totals, status, parcels, invoice), not
 * who bought it; the confirmation mail and the owner's account keep the rest.
 */
export const PERSONAL_BY_LINK_HOURS = 24;

/**
 * Whether the buyer's data is still shown to the guid alone, read from the database's clock (as every retention
 * rule): a paid order counts from its payment (`invoiced_at`, fixed: shipping or a refund does not open it again),
 * any other from the save that wrote its buyer (migration 046; before it, its creation). Not from `updated_at`: a
 * coupon, a confirmation or a payment attempt by whoever holds the link changes that and would open it again.
 * Session 27 (hostile27): a payment counts only when it came inside the buyer's own window. Whoever found an
 * unpaid order's link in a shared computer's history could pay it after the window (the sandbox at no cost) and
 * read the buyer for another 24 hours, their e-invoice by the guid too.
 * Selected beside ORDER_COLUMNS where an order is read by its guid.
 */
const WINDOW = `make_interval(hours => ${PERSONAL_BY_LINK_HOURS})`;
export const PERSONAL_WINDOW_COLUMN = `(CASE WHEN invoiced_at IS NULL
    THEN COALESCE(buyer_written_at, created_at) > now() - ${WINDOW}
    ELSE invoiced_at > now() - ${WINDOW} AND invoiced_at <= COALESCE(buyer_written_at, created_at) + ${WINDOW}
  END) AS personal_shown`;

const hiddenAddress = (address: Address): Address => ({
  name: '',
  lastName: '',
  street: '',
  houseNumber: '',
  zipCode: '',
  city: '',
  // Not identifying, and the contract's two letters; everything else of the address goes.
  country: address.country,
});

/** The order without its buyer: empty texts where the contract has required ones, the optional ones left out. */
function withoutPersonalData(order: Order): Order {
  const { buyerReference: _reference, buyerVatId: _vatId, ...rest } = order;
  return {
    ...rest,
    billingPerson: { email: '', phone: '', name: '', lastName: '' },
    shippingAddress: hiddenAddress(order.shippingAddress),
    billingAddress: hiddenAddress(order.billingAddress),
    personalData: 'hidden',
  };
}

/**
 * The order as a caller who names it by its guid sees it: everything inside the window or with a session of the
 * customer who owns it; else without the buyer. `row.personal_shown` undefined (a row read without the window's
 * column) counts as outside, so a forgotten column hides rather than shows.
 */
export async function orderForGuidCaller(
  db: Queryable,
  request: FastifyRequest,
  row: OrderRow,
  order: Order,
): Promise<Order> {
  if (row.personal_shown === true) return order;
  if (row.customer_id !== null) {
    const customer = await sessionCustomer(db, request);
    if (customer?.id === row.customer_id) return order;
  }
  return withoutPersonalData(order);
}
