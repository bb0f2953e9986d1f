import type { Order, OrderParcel } from '@lp/sdk/contract';
import { OrderBuyerReferences } from './OrderBuyerReferences';
import { OrderEInvoices } from './OrderEInvoice';
import { OrderWithdrawLink } from './OrderWithdrawLink';

/**
 * The parcels of a paid order as the shopper reads them (session 19: an order may leave in several parcels): when
 * each left, with which carrier, its Sendungsnummer and a link to the carrier's tracking page in a new tab (only an
 * https page the API built is linked), what it holds, and what follows separately. Shared by the account's order card
 * (OrderShipment.tsx) and the order page the confirmation mail links to ({@link OrderShipping}); both load it in a
 * chunk of their own (the order page's section is here, so its part loads one chunk).
 */

/** '25.11.2026' (Berlin), as the order list's dates (orderLabels.ts); its own, so this chunk needs no other. */
const day = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' });

/** The order's parcels; a server that sends only session 18's `shipment` has shipped the order in one parcel. */
export function parcelsOf(order: Order): OrderParcel[] {
  if (order.parcels) return order.parcels;
  if (!order.shipment) return [];
  return [
    {
      parcel: 1,
      ...order.shipment,
      lines: order.orderItems.map((item, index) => ({ line: index + 1, quantity: item.itemQuantity })),
    },
  ];
}

/** What is not in any parcel yet, per line (from 1), with something left. */
export function followsOf(order: Order, parcels: OrderParcel[]): { line: number; quantity: number }[] {
  const left = order.orderItems.map((item) => item.itemQuantity);
  for (const parcel of parcels)
    for (const { line, quantity } of parcel.lines)
      if (left[line - 1] !== undefined) left[line - 1] = Math.max(0, left[line - 1]! - quantity);
  return left.flatMap((quantity, index) => (quantity > 0 ? [{ line: index + 1, quantity }] : []));
}

/**
 * The attributes that tell two lines of one product apart, as the Versandbestätigung and the packers' list name them
 * (the confirmation mail's `lineDetails`): the plate's text (`ATTR.plateText`), else a sign's lettering. Written out,
 * not imported from @lp/sdk/contract: its module is in the app chunk (see OrderEInvoice.tsx's `eInvoicePath`); the
 * unit test holds them equal.
 */
export const TELLING_ATTRIBUTES = ['Kennzeichen', 'Beschriftung'] as const;

/**
 * "1 × Funschild (Kennzeichen: M LP 1)" for one line: two plates of one product in two parcels read apart, as in the
 * Versandbestätigung.
 */
export function lineText(item: Order['orderItems'][number], quantity: number): string {
  const attributes = (item.attributes ?? {}) as Record<string, string | undefined>;
  const label = TELLING_ATTRIBUTES.find((key) => attributes[key]?.trim());
  return `${quantity} × ${item.businessName}${label ? ` (${label}: ${attributes[label]!.trim()})` : ''}`;
}

/** "1 × Funschild (Kennzeichen: M LP 1), 1 × Kennzeichenhalter": the lines, in the words of the order's lines. */
function Contents({ order, lines }: { order: Order; lines: { line: number; quantity: number }[] }) {
  return (
    <>
      {lines
        .map(({ line, quantity }) => {
          const item = order.orderItems[line - 1];
          return item ? lineText(item, quantity) : null;
        })
        .filter(Boolean)
        .join(', ')}
    </>
  );
}

/** The Sendungsnummer and its tracking link (https only), or that the parcel has none. */
function Tracking({ parcel }: { parcel: OrderParcel }) {
  if (!parcel.trackingNumber) return null;
  const url = parcel.trackingUrl?.startsWith('https://') ? parcel.trackingUrl : undefined;
  return (
    <>
      <br />
      Sendungsnummer {parcel.trackingNumber}
      {url && (
        <>
          {' ('}
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            // WCAG 2.5.3: the accessible name begins with the visible text (a voice user says "Sendung verfolgen"),
            // then tells the links of several parcels apart (2.4.4).
            aria-label={`Sendung verfolgen: ${parcel.trackingNumber} bei ${parcel.carrier} (öffnet in neuem Tab)`}
          >
            Sendung verfolgen
          </a>
          )
        </>
      )}
    </>
  );
}

/**
 * The shipping state as text with the tracking links: "In Bearbeitung"; one parcel with everything as in session 18
 * ("Versandt am … mit DHL", Sendungsnummer, link); several, or a part: each parcel with what it holds, then
 * "Folgt separat: …".
 */
export function OrderParcels({ order }: { order: Order }) {
  const parcels = parcelsOf(order);
  const follows = followsOf(order, parcels);
  const [only] = parcels;
  if (!only) return <>In Bearbeitung</>;
  if (parcels.length === 1 && follows.length === 0)
    return (
      <>
        Versandt am {day.format(new Date(only.shippedAt))} mit {only.carrier}
        <Tracking parcel={only} />
      </>
    );
  return (
    <>
      <ul className="order-parcels">
        {parcels.map((parcel) => (
          <li key={parcel.parcel}>
            Paket {parcel.parcel}: versandt am {day.format(new Date(parcel.shippedAt))} mit {parcel.carrier}
            <br />
            Inhalt: <Contents order={order} lines={parcel.lines} />
            <Tracking parcel={parcel} />
          </li>
        ))}
      </ul>
      {follows.length > 0 ? (
        <p>
          Folgt separat: <Contents order={order} lines={follows} />
        </p>
      ) : (
        <p>Ihre Bestellung ist vollständig versandt.</p>
      )}
    </>
  );
}

/**
 * "Versand" on the order page (/thank-you/<guid>), which the confirmation mail and the Versandbestätigung link to
 * and a guest without an account opens again to ask "where is my order?": the parcels of a paid order with their
 * tracking links, and what follows separately; after it a company order's e-invoices (OrderEInvoice.tsx). Nothing
 * before payment. Hydrated from this chunk (checkout/deferredOrderShipping.tsx).
 */
export function OrderShipping({ order }: { order: Order }) {
  if (order.status !== 'paid') return null;
  return (
    <>
      <section aria-labelledby="order-shipping-title" className="order-shipping">
        <h2 id="order-shipping-title">Versand</h2>
        <div>
          <OrderParcels order={order} />
        </div>
      </section>
      <OrderBuyerReferences order={order} />
      <OrderEInvoices order={order} />
      {/* Session 24: the withdrawal function for this order, with its lines to pick. */}
      <p>
        <OrderWithdrawLink order={order} />
      </p>
    </>
  );
}
