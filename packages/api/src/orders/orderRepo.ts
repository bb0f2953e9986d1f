import type {
  Address,
  AppliedCoupon,
  BillingPerson,
  Order,
  OrderStatus,
  PaymentMethodId,
} from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { toEuros } from '../money';
import { type StoredParcel, leftToShip, toParcels } from '../fulfilment/parcels';
import type { RefundPieces } from '../fulfilment/refundPieces';
import { sellerReady } from '../einvoice/sellerReady';
import { grossCents } from './invoice';
import { PERSONAL_WINDOW_COLUMN } from './personalWindow';

export interface OrderRow extends Record<string, unknown> {
  id: number;
  header_guid: string;
  order_number: string;
  cart_id: number;
  company_id: number;
  customer_id: number | null;
  status: OrderStatus;
  cart_cents: number;
  discount_cents: number;
  shipping_cents: number;
  shipping_method_id: number;
  shipping_method_name: string;
  billing_person: BillingPerson;
  shipping_address: Address;
  billing_address: Address;
  payment_method: PaymentMethodId;
  coupon: StoredCoupon | null;
  created_at: Date | string;
  /** Migration 025: the invoice fixed when the order was paid (invoice.ts); all NULL while it is not paid. */
  invoice_number: string | null;
  invoiced_at: Date | string | null;
  /** The shop can issue e-invoices (einvoice/sellerReady.ts); absent where a query reads other columns. */
  e_invoice?: boolean | null;
  vat_rate: number | null;
  vat_cents: number | null;
  /**
   * Migrations 029 and 032: the parcels (fulfilment/shipments.ts), [parcel, shipped at, carrier, tracking number,
   * lines] each, in parcel order; empty until `lp-api orders ship`.
   */
  parcels?: [number, string, string, string | null, StoredParcel['lines']][] | null;
  /**
   * Migration 031: the refunds, [Rechnungskorrektur number, date, amount cents, VAT cents, pieces] each, oldest
   * first; pieces (migration 041) what a refund of withdrawn lines stored for its documents, null for a typed amount
   * and for every refund recorded before.
   */
  refunds?: [string, string, number, number, RefundPieces | null][] | null;
  /** Migration 034: a company buyer's Leitweg-ID or own order number, and USt-IdNr.; NULL when none was given. */
  buyer_reference?: string | null;
  buyer_vat_id?: string | null;
  /** Session 26: the buyer is still shown to the guid alone (personalWindow.ts); read by `orderByGuid` only. */
  personal_shown?: boolean;
}

/** The coupon as applied to an order: value is percent or euro, as in the contract. */
export type StoredCoupon = Omit<AppliedCoupon, 'discountAmount'>;

export interface OrderItemRow extends Record<string, unknown> {
  item_id: string;
  item_internal_id: string;
  business_name: string;
  price_cents: number;
  quantity: number;
  attributes: Record<string, string>;
  /** Issue 13 (migrations/014): the quantity discount the line was sold with. */
  discount_percent: number;
  unit_discount_cents: number;
}

/**
 * Years a placed order is kept after the end of the calendar year of its last change (placement, payment): § 147
 * (1), (3), (4) AO keeps books and records 10 years from the end of the year they arose (booking vouchers 8 since
 * 2025; the order is both invoice basis and booking record, so the longer one), § 257 HGB the same. Counted from the
 * last change, as the shop does not store the invoice date: later only ever keeps longer.
 */
export const PLACED_ORDER_RETENTION_YEARS = 10;

/**
 * An order the shopper placed: confirmed (the binding click of checkout, spec 4 "save, confirm, pay"), paid or being
 * paid, or one with a payment at the provider. These are the shop's sales records (§ 147 AO, § 257 HGB): they stay on
 * erasure and until their retention period has run out ({@link PLACED_ORDER_RETENTION_YEARS}); the others are
 * checkouts never placed: saved drafts and drafts a later save superseded.
 */
export const PLACED_ORDER = `(o.status IN ('confirmed', 'paymentPending', 'paid')
  OR EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id))`;

/**
 * The order's parcels (migration 029, one row per parcel since 032) as one JSON column, in parcel order. The inner
 * select hides the parcel's own `id`, so `id` is the order's with `FROM orders` and `FROM orders o` alike.
 */
const PARCELS_COLUMN = `(SELECT COALESCE(jsonb_agg(jsonb_build_array(s.parcel, s.shipped_at, s.carrier, s.tracking_number,
    s.lines) ORDER BY s.parcel), '[]'::jsonb)
  FROM (SELECT order_id, parcel, shipped_at, carrier, tracking_number, lines FROM shipments) s
  WHERE s.order_id = id) AS parcels`;

/**
 * The order's refunds (migration 031) as one JSON column, oldest first. The inner select hides the refund's own `id`,
 * so `id` is the order's with `FROM orders` and `FROM orders o` alike.
 */
const REFUNDS_COLUMN = `(SELECT COALESCE(jsonb_agg(jsonb_build_array(r.credit_note_number, r.refunded_at, r.amount_cents,
    r.vat_cents, r.pieces) ORDER BY r.n), '[]'::jsonb)
  FROM (SELECT order_id, id AS n, credit_note_number, refunded_at, amount_cents, vat_cents, pieces FROM refunds) r
  WHERE r.order_id = id) AS refunds`;

/** Whether the order's shop can issue e-invoices (einvoice/sellerReady.ts): `invoice.eInvoice` of a company's order. */
const E_INVOICE_COLUMN = `(SELECT ${sellerReady('c')} FROM companies c WHERE c.id = company_id) AS e_invoice`;

export const ORDER_COLUMNS = `id, header_guid::text AS header_guid, order_number, cart_id, company_id, customer_id,
  status, cart_cents, discount_cents, shipping_cents, shipping_method_id, shipping_method_name, billing_person,
  shipping_address, billing_address, payment_method, coupon, created_at, invoice_number, invoiced_at, vat_rate,
  vat_cents, buyer_reference, buyer_vat_id, ${PARCELS_COLUMN}, ${REFUNDS_COLUMN}, ${E_INVOICE_COLUMN}`;

export async function orderByGuid(db: Queryable, headerGuid: string, lock = false): Promise<OrderRow | null> {
  const [row] = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS}, ${PERSONAL_WINDOW_COLUMN} FROM orders
      WHERE header_guid = $1::uuid${lock ? ' FOR UPDATE' : ''}`,
    [headerGuid],
  );
  return row ?? null;
}

export async function orderItems(db: Queryable, orderId: number): Promise<OrderItemRow[]> {
  return db.query<OrderItemRow>(
    `SELECT item_id, item_internal_id::text AS item_internal_id, business_name, price_cents, quantity, attributes,
            discount_percent::float8 AS discount_percent, unit_discount_cents
       FROM order_items WHERE order_id = $1 ORDER BY position`,
    [orderId],
  );
}

/** The order as the contract shows it; totals are recomputed from the stored cents. */
export function toOrder(row: OrderRow, items: OrderItemRow[]): Order {
  return {
    headerGuid: row.header_guid,
    orderNumber: row.order_number,
    status: row.status,
    companyId: row.company_id,
    customerId: row.customer_id,
    createdAt: new Date(row.created_at).toISOString(),
    cartAmount: toEuros(row.cart_cents),
    discountAmount: toEuros(row.discount_cents),
    totalAmount: toEuros(grossCents(row)),
    orderItems: items.map((i) => ({
      itemId: i.item_id,
      itemInternalId: i.item_internal_id,
      businessName: i.business_name,
      price: toEuros(i.price_cents),
      itemQuantity: i.quantity,
      attributes: i.attributes,
      discountPercent: i.discount_percent,
      discountAmount: toEuros(i.unit_discount_cents * i.quantity),
      lineTotal: toEuros((i.price_cents - i.unit_discount_cents) * i.quantity),
    })),
    shippingOption: {
      id: row.shipping_method_id,
      name: row.shipping_method_name,
      price: toEuros(row.shipping_cents),
    },
    billingPerson: row.billing_person,
    shippingAddress: row.shipping_address,
    billingAddress: row.billing_address,
    paymentMethod: row.payment_method,
    coupon: row.coupon ? { ...row.coupon, discountAmount: toEuros(row.discount_cents) } : null,
    isCustomDesign: items.some((i) => i.attributes[ATTR.designImage] !== undefined),
    ...(row.buyer_reference ? { buyerReference: row.buyer_reference } : {}),
    ...(row.buyer_vat_id ? { buyerVatId: row.buyer_vat_id } : {}),
    ...invoiceOf(row),
    ...shipmentsOf(row, items),
    ...refundsOf(row),
  };
}

/**
 * The refunds with their Rechnungskorrektur (`lp-api orders refund`); paid orders only, as their invoice. A refund
 * of withdrawn lines names its pieces (session 24) at the line's price after the quantity discount, as the refund
 * stored them for its documents (migration 041): the card names what the Rechnungskorrektur names.
 */
function refundsOf(row: OrderRow): Pick<Order, 'refunds'> {
  if (row.invoice_number === null || !Array.isArray(row.refunds)) return {};
  return {
    refunds: row.refunds.map(([number, date, amountCents, vatCents, pieces]) => ({
      number,
      date: new Date(date).toISOString(),
      amount: toEuros(amountCents),
      vat: toEuros(vatCents),
      ...(pieces
        ? {
            lines: pieces.pieces.map(({ line, quantity, cents }) => ({
              line,
              quantity,
              amount: toEuros(cents),
            })),
          }
        : {}),
    })),
  };
}

/**
 * The parcels as recorded by `lp-api orders ship`, with the tracking pages built from carrier and number, and the
 * session-18 field `shipment`: null until every line is shipped, then the parcel that completed the order.
 */
function shipmentsOf(row: OrderRow, items: OrderItemRow[]): Pick<Order, 'shipment' | 'parcels'> {
  const quantities = items.map((item) => item.quantity);
  const parcels = toParcels(
    (Array.isArray(row.parcels) ? row.parcels : []).map(
      ([parcel, shippedAt, carrier, trackingNumber, lines]) => ({
        parcel,
        shipped_at: shippedAt,
        carrier,
        tracking_number: trackingNumber,
        lines,
      }),
    ),
    quantities,
  );
  const last = parcels[parcels.length - 1];
  const complete = last !== undefined && leftToShip(quantities, parcels).every((left) => left === 0);
  return {
    shipment: complete
      ? {
          shippedAt: last.shippedAt,
          carrier: last.carrier,
          trackingNumber: last.trackingNumber,
          trackingUrl: last.trackingUrl,
        }
      : null,
    parcels,
  };
}

/** The invoice of a paid order as stored (one rate: goods and shipping are taxed alike); nothing before payment. */
function invoiceOf(row: OrderRow): Pick<Order, 'invoice'> {
  if (
    row.invoice_number === null ||
    row.invoiced_at === null ||
    row.vat_rate === null ||
    row.vat_cents === null
  )
    return {};
  const gross = grossCents(row);
  return {
    invoice: {
      invoiceNumber: row.invoice_number,
      invoiceDate: new Date(row.invoiced_at).toISOString(),
      taxes: [
        { rate: row.vat_rate, netAmount: toEuros(gross - row.vat_cents), taxAmount: toEuros(row.vat_cents) },
      ],
      // The rule of GET …/xrechnung (einvoice/einvoiceRoutes.ts): a company's paid order, its buyer not erased, in
      // a shop that has set its seller data; the pages link the download only then.
      ...(row.e_invoice && row.billing_address.company?.trim() && row.billing_person.email
        ? { eInvoice: true }
        : {}),
    },
  };
}

export async function loadOrder(db: Queryable, row: OrderRow): Promise<Order> {
  return toOrder(row, await orderItems(db, row.id));
}
