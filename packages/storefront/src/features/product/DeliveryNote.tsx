/**
 * Art. 246a § 1 (1) no. 7 EGBGB, § 312d BGB: the delivery time, stated before the order, under the price and its
 * "inkl. MwSt., zzgl. Versand". The shop owner words it on the shipping method ('1–3 Werktage'); none, no line.
 */
export function DeliveryNote({ deliveryTime }: { deliveryTime: string | null | undefined }) {
  if (!deliveryTime) return null;
  return <p className="product__delivery">Lieferzeit: {deliveryTime} innerhalb Deutschlands</p>;
}
