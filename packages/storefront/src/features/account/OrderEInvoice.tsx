import type { Order } from '@lp/sdk/contract';

/**
 * Session 19, einvoicelink: the XRechnung downloads of a paid company order (`GET /api/Order/<nr>/xrechnung`, and
 * `…/xrechnung/<RK-…>` for each Rechnungskorrektur, decisions.md "XRechnung for company orders"), for the bookkeeper
 * who opens the order page or "Meine Bestellungen" instead of the mail. Through the storefront's `/api` forwarding
 * (same origin, so `download` works and the browser keeps the API's file name). The order page proves the order with
 * `?headerGuid=`; the account card without it, by the session cookie (packages/api/src/orders/orderAccess.ts). Loaded
 * in the parcels' chunk (OrderParcels.tsx), not with a route's first script.
 */

/**
 * Whether the API offers the order's XRechnung (`invoice.eInvoice`: a paid company order in a shop that has set its
 * seller data), so no link leads to a refusal.
 */
export function hasEInvoice(order: Order): boolean {
  return order.status === 'paid' && order.invoice?.eInvoice === true;
}

/**
 * The contract's `orderEInvoicePath` (@lp/sdk/contract), written out here: its module is in the app chunk, which an
 * import from this chunk would grow on every route (+0.02 KB measured; the /thank-you guard has 0.02 KB left). The
 * unit test holds both equal.
 */
export const eInvoicePath = (orderNumber: string, creditNote?: string) =>
  `/api/Order/${encodeURIComponent(orderNumber)}/xrechnung${creditNote ? `/${encodeURIComponent(creditNote)}` : ''}`;

/** '25.11.2026' (Berlin), as the order list's dates. */
const day = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' });

interface LinkProps {
  order: Order;
  /** A Rechnungskorrektur's number (`order.refunds[].number`); without it, the invoice. */
  creditNote?: string;
  /** Prove the order by its guid (the order page); else the session does (the account). */
  withGuid?: boolean;
}

/** One XML download; its accessible name begins with the visible text and names the document (WCAG 2.5.3). */
export function EInvoiceLink({ order, creditNote, withGuid }: LinkProps) {
  const path = eInvoicePath(order.orderNumber, creditNote);
  const text = creditNote ? 'Rechnungskorrektur als XRechnung' : 'E-Rechnung (XRechnung) herunterladen';
  const named = creditNote ?? `Rechnung ${order.invoice?.invoiceNumber}`;
  return (
    <a
      href={withGuid ? `${path}?headerGuid=${encodeURIComponent(order.headerGuid)}` : path}
      download
      aria-label={`${text}: ${named}, XML-Datei`}
    >
      {text}
    </a>
  );
}

/**
 * "E-Rechnung" on the order page (/thank-you/<guid>): the invoice and each Rechnungskorrektur with its XRechnung.
 * Nothing for a consumer's order or before payment. Session 26: an order shown without its buyer (its link is older
 * than the API's 24 hours, api orders/personalWindow.ts) gets no links, which the API refuses by the guid then
 * (the XRechnung names the whole buyer); the page says where they are: the mails link them with a token of their own.
 */
export function OrderEInvoices({ order }: { order: Order }) {
  if (!hasEInvoice(order)) return null;
  const invoice = order.invoice!;
  if (order.personalData === 'hidden') {
    return (
      <section aria-labelledby="order-einvoice-title" className="order-einvoice">
        <h2 id="order-einvoice-title">E-Rechnung</h2>
        <p>
          Die E-Rechnung (XRechnung) finden Sie über den Link in Ihrer Bestellbestätigung per E-Mail
          {order.refunds?.length
            ? ', jede Rechnungskorrektur über den Link in der Erstattungsbestätigung'
            : ''}
          . Mit einem Kundenkonto bestellt? Dann finden Sie sie auch in Ihrem Kundenkonto unter „Meine
          Bestellungen“.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="order-einvoice-title" className="order-einvoice">
      <h2 id="order-einvoice-title">E-Rechnung</h2>
      <ul>
        <li>
          Rechnung {invoice.invoiceNumber} vom {day.format(new Date(invoice.invoiceDate))}:{' '}
          <EInvoiceLink order={order} withGuid />
        </li>
        {order.refunds?.map((refund) => (
          <li key={refund.number}>
            Rechnungskorrektur {refund.number} vom {day.format(new Date(refund.date))}:{' '}
            <EInvoiceLink order={order} creditNote={refund.number} withGuid />
          </li>
        ))}
      </ul>
    </section>
  );
}
