import type { Order } from '@lp/sdk/contract';
import { OrderRefunds } from './OrderRefunds';

/** '25.11.2026' (Berlin), as the order list's dates (orderLabels.ts); its own, so this chunk needs no other. */
const day = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' });

/**
 * Where a paid order stands in its shipping (`order.shipment`, the operator's `lp-api orders ship`): "In Bearbeitung"
 * until it was handed to the carrier, then "Versandt am …" with the Sendungsnummer and a link to the carrier's
 * tracking page in a new tab (only an https page the API built is linked). Nothing for orders not paid (their status
 * says it all). The refunds (OrderRefunds.tsx) follow it, in this chunk too.
 */
export function OrderShipment({ order }: { order: Order }) {
  const shipment = order.shipment;
  if (order.status !== 'paid') return null;
  const url = shipment?.trackingUrl?.startsWith('https://') ? shipment.trackingUrl : undefined;
  return (
    <>
      <div>
        <dt>Versand</dt>
        <dd>
          {shipment ? (
            <>
              Versandt am {day.format(new Date(shipment.shippedAt))} mit {shipment.carrier}
              {shipment.trackingNumber && (
                <>
                  <br />
                  Sendungsnummer {shipment.trackingNumber}
                  {url && (
                    <>
                      {' ('}
                      <a
                        href={url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`Sendung ${shipment.trackingNumber} bei ${shipment.carrier} verfolgen (öffnet in neuem Tab)`}
                      >
                        Sendung verfolgen
                      </a>
                      )
                    </>
                  )}
                </>
              )}
            </>
          ) : (
            'In Bearbeitung'
          )}
        </dd>
      </div>
      <OrderRefunds order={order} />
    </>
  );
}
