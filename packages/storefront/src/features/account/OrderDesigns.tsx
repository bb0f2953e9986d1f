import type { OrderDesign } from '@lp/sdk/contract';
import { useEffect, useState } from 'react';
import { useShop } from '../../app/ShopContext';
import { ordersOf } from '../../sdk/ordersOf';
import { safeImageUrl } from './orderLabels';

/** The designs of one order (`GET /api/Order/{orderNumber}/designs`): thumbnails of the printed images. */
export function OrderDesigns({ orderNumber, headerGuid }: { orderNumber: string; headerGuid?: string }) {
  const { sdk, reporter } = useShop();
  const [designs, setDesigns] = useState<OrderDesign[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    ordersOf(sdk)
      .designs(orderNumber, headerGuid)
      .then((list) => live && setDesigns(list))
      .catch((error: unknown) => {
        reporter.report(error, 'OrderDesigns', 'warning');
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [orderNumber, headerGuid, sdk, reporter]);
  if (failed) return <p className="order-designs">Designs konnten nicht geladen werden.</p>;
  if (!designs) return null;
  const shown = designs.flatMap((design) => {
    const src = safeImageUrl(design.imageUrl);
    return src ? [{ id: design.itemInternalId, src }] : [];
  });
  if (shown.length === 0) return <p className="order-designs">Keine eigenen Designs in dieser Bestellung.</p>;
  return (
    <div className="order-designs">
      <h4>Ihre Designs</h4>
      <ul className="order-designs__list">
        {shown.map((design, index) => (
          <li key={design.id}>
            <a href={design.src} target="_blank" rel="noopener noreferrer">
              <img src={design.src} alt={`Design ${index + 1}`} width={160} height={80} loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
