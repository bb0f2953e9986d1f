import type { Discount } from '@lp/sdk/contract';
import { discountedUnitCents, linePrice } from '@lp/sdk/contract';
import { createContext, useContext, useEffect, useState } from 'react';
import { useShop } from '../../app/ShopContext';
import { formatEuro } from '../../format';

const cents = (euro: number) => Math.round(euro * 100);

/** The product route's loaded tiers (ProductData.discounts), provided by the product page around its view. */
export const LoadedDiscounts = createContext<Discount[] | undefined>(undefined);

/**
 * The quantity discounts of a product: as loaded by the product route's loader ({@link LoadedDiscounts};
 * server-rendered, so the table is in the first paint and shifts nothing), else through the SDK, which caches them
 * per key (spec 7).
 */
export function useQuantityDiscounts(productKey: string): Discount[] {
  const { sdk } = useShop();
  const loaded = useContext(LoadedDiscounts);
  const [fetched, setFetched] = useState<Discount[]>([]);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    sdk
      .getCompany()
      .then((company) => sdk.catalogue.discounts(productKey, company.UniqueId))
      .then((tiers) => live && setFetched(tiers))
      .catch(() => undefined); // without tiers the page shows the plain price
    return () => {
      live = false;
    };
  }, [loaded, productKey, sdk]);
  return loaded ?? fetched;
}

/** Tiers in ascending quantity, only those that take something off. */
const usable = (tiers: Discount[]) =>
  tiers.filter((t) => t.Percent > 0 && t.Percent <= 100).sort((a, b) => a.MinQuantity - b.MinQuantity);

/** Issue 13: the tier table ("ab 4 Stück: 10 %, 11,61 € / Stück"); nothing for a product without tiers. */
export function TierTable({
  tiers,
  unitPrice,
  from = false,
}: {
  tiers: Discount[];
  unitPrice: number;
  /** The unit price is the lowest of several variants: the column reads "ab …". */
  from?: boolean;
}) {
  const rows = usable(tiers);
  if (rows.length === 0) return null;
  return (
    <table className="tier-table">
      <caption>Mengenrabatt</caption>
      <thead>
        <tr>
          <th scope="col">Menge</th>
          <th scope="col">Rabatt</th>
          <th scope="col">Stückpreis</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((tier) => (
          <tr key={tier.MinQuantity}>
            <th scope="row">ab {tier.MinQuantity} Stück</th>
            <td>{String(tier.Percent).replace('.', ',')} %</td>
            <td>
              {from ? 'ab ' : ''}
              {formatEuro(discountedUnitCents(cents(unitPrice), tier.Percent) / 100)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Issue 13: what the chosen quantity costs, by the same rule the server applies (contract/quantityDiscount.ts),
 * and how many more pieces reach the next tier. The cart shows the server's figures.
 */
export function PriceAtQuantity({
  tiers,
  unitPrice,
  quantity,
}: {
  tiers: Discount[];
  unitPrice: number;
  quantity: number;
}) {
  const rows = usable(tiers);
  if (rows.length === 0 || !(quantity >= 1)) return null;
  const price = linePrice(cents(unitPrice), quantity, rows);
  const next = rows.find((tier) => tier.MinQuantity > quantity);
  return (
    // Changing text in elements of its own, one string each: a page translator swaps text nodes for its own, and
    // React must still find the nodes it updates or removes (decisions.md, "Translated pages").
    <p className="price-at-quantity" aria-live="polite">
      <span>{`${quantity} Stück: `}</span>
      <strong>{formatEuro(price.totalCents / 100)}</strong>
      {price.percent > 0 && (
        <span>{` (${formatEuro(price.discountedUnitCents / 100)} / Stück, ${String(price.percent).replace('.', ',')} % Mengenrabatt)`}</span>
      )}
      {next && (
        <>
          <br />
          <span className="price-next-tier">
            {`Ab ${next.MinQuantity} Stück ${String(next.Percent).replace('.', ',')} % Mengenrabatt.`}
          </span>
        </>
      )}
    </p>
  );
}

/**
 * The product page's price parts: the tier table and, with a quantity field, the price at that quantity. Without
 * one (the plate generator chooses variant and quantity) the table's unit prices read "ab …".
 */
export function ProductQuantityPrice({
  productKey,
  unitPrice,
  quantity,
}: {
  productKey: string;
  unitPrice: number;
  quantity?: number;
}) {
  const tiers = useQuantityDiscounts(productKey);
  return (
    <>
      {quantity !== undefined && <PriceAtQuantity tiers={tiers} unitPrice={unitPrice} quantity={quantity} />}
      <TierTable tiers={tiers} unitPrice={unitPrice} from={quantity === undefined} />
    </>
  );
}
