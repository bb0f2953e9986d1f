import type { Order } from '@lp/sdk/contract';
import { OrderParcels } from './OrderParcels';
import { OrderRefunds } from './OrderRefunds';

/**
 * Where a paid order stands in its shipping (`order.parcels`, the operator's `lp-api orders ship`): "In Bearbeitung"
 * until a parcel was handed to the carrier, then each parcel with its day, Sendungsnummer and tracking link, and what
 * follows separately (OrderParcels.tsx). Nothing for orders not paid (their status says it all). The refunds
 * (OrderRefunds.tsx) follow it, in this chunk too.
 */
export function OrderShipment({ order }: { order: Order }) {
  if (order.status !== 'paid') return null;
  return (
    <>
      <div>
        <dt>Versand</dt>
        <dd>
          <OrderParcels order={order} />
        </dd>
      </div>
      <OrderRefunds order={order} />
    </>
  );
}
