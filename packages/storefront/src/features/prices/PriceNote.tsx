import { Link } from 'react-router-dom';

/**
 * PAngV (§ 3, § 6): beside a price shown to consumers, that it is a final price including VAT and whether shipping is
 * added, with the shipping costs one click away. Spec silent; the notation of German shops: "inkl. MwSt., zzgl.
 * Versand". For product pages, product lists and the wish list; the cart and checkout show the shipping itself.
 *
 * @example <p className="product__price">{formatEuro(price)} <PriceNote /></p>
 */
export function PriceNote() {
  return (
    <span className="product__vat">
      inkl. MwSt., zzgl. <Link to="/zahlung-und-versand">Versand</Link>
    </span>
  );
}
