import type { Order } from '@lp/sdk/contract';
import { EInvoiceLink, hasEInvoice } from './OrderEInvoice';
import { OrderParcels } from './OrderParcels';
import { OrderRefunds } from './OrderRefunds';
import { OrderWithdrawLink } from './OrderWithdrawLink';

/**
 * Where a paid order stands in its shipping (`order.parcels`, the operator's `lp-api orders ship`): "In Bearbeitung"
 * until a parcel was handed to the carrier, then each parcel with its day, Sendungsnummer and tracking link, and what
 * follows separately (OrderParcels.tsx). Nothing for orders not paid (their status says it all). A company order's
 * XRechnung (OrderEInvoice.tsx, the session cookie proves the order) and the refunds (OrderRefunds.tsx) follow it,
 * in this chunk too; before them a company buyer's invoice references (session 20), as the invoice names them.
 * Session 21: the long facts (parcels, the Leitweg-ID, the e-invoice links) take the card's whole row; in one of the
 * two columns of a 375 px phone the parcels' lines broke inside words ("Sendungsnu-mmer").
 */
export function OrderShipment({ order }: { order: Order }) {
  if (order.status !== 'paid') return null;
  return (
    <>
      <div className="order-card__wide">
        <dt>Versand</dt>
        <dd>
          <OrderParcels order={order} />
        </dd>
      </div>
      {order.buyerReference && (
        <div className="order-card__wide">
          <dt>Ihre Bestellnummer / Leitweg-ID</dt>
          <dd>{order.buyerReference}</dd>
        </div>
      )}
      {order.buyerVatId && (
        <div>
          <dt>USt-IdNr.</dt>
          <dd>{order.buyerVatId}</dd>
        </div>
      )}
      {hasEInvoice(order) && (
        <div className="order-card__wide">
          <dt>E-Rechnung</dt>
          <dd>
            <EInvoiceLink order={order} />
          </dd>
        </div>
      )}
      <OrderRefunds order={order} />
      {/* Session 24: the withdrawal function for this order, with its lines to pick. */}
      <div className="order-card__wide">
        <dt>Widerruf</dt>
        <dd>
          <OrderWithdrawLink order={order} inApp />
        </dd>
      </div>
    </>
  );
}
