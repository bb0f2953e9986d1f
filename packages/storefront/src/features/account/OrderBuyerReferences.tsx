import type { Order } from '@lp/sdk/contract';

/**
 * Session 20: a company order's invoice references on the order page (/thank-you/<guid>), as the invoice mail and
 * the XRechnung carry them: the buyer's own order number or Leitweg-ID and their USt-IdNr. Nothing when none was
 * given. In the parcels' chunk (OrderParcels.tsx), not in the route's first script (the /thank-you size guard).
 */
export function OrderBuyerReferences({ order }: { order: Order }) {
  if (!order.buyerReference && !order.buyerVatId) return null;
  return (
    <section aria-labelledby="order-buyer-title" className="order-buyer">
      <h2 id="order-buyer-title">Angaben für die Rechnung</h2>
      <dl>
        {order.buyerReference && (
          <>
            <dt>Ihre Bestellnummer / Leitweg-ID</dt>
            <dd>{order.buyerReference}</dd>
          </>
        )}
        {order.buyerVatId && (
          <>
            <dt>USt-IdNr. des Leistungsempfängers</dt>
            <dd>{order.buyerVatId}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
