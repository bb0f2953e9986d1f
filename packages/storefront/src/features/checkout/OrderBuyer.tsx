import type { Address, Order } from '@lp/sdk/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import { ordersOf } from '../../sdk/ordersOf';

function AddressBlock({ title, address }: { title: string; address: Address }) {
  return (
    <div>
      <h3>{title}</h3>
      <address>
        {address.name} {address.lastName}
        <br />
        {address.company && (
          <>
            {address.company}
            <br />
          </>
        )}
        {/* The address addition above the street, as on the parcel label (c/o, Packstation's Postnummer). */}
        {address.street2 && (
          <>
            {address.street2}
            <br />
          </>
        )}
        {address.street} {address.houseNumber}
        <br />
        {address.zipCode} {address.city}
        <br />
        {address.country === 'DE' ? 'Deutschland' : address.country}
      </address>
    </div>
  );
}

/**
 * Session 26: the order page's link stays in the browser's history, on a shared computer too, so the API names the
 * buyer to the link alone only for 24 hours (api orders/personalWindow.ts). Then this says why and where the
 * shopper finds the addresses.
 */
function HiddenBuyer() {
  return (
    <section className="order-buyer-hidden" aria-labelledby="order-buyer-hidden-title">
      <h3 id="order-buyer-hidden-title">Adressen und Kontaktdaten ausgeblendet</h3>
      <p>
        Zum Schutz Ihrer Daten zeigen wir Namen, Adressen, E-Mail-Adresse und Telefonnummer über diesen Link
        nur 24 Stunden nach der Bestellung an: Der Link bleibt im Verlauf des Browsers gespeichert, auch auf
        einem Computer, den mehrere Menschen nutzen.
      </p>
      <p>
        Alle Angaben finden Sie in Ihrer Bestellbestätigung per E-Mail. Mit einem Kundenkonto bestellt? Nach
        der <Link to="/account/login">Anmeldung</Link> sehen Sie sie hier und in Ihrem Kundenkonto unter
        „Meine Bestellungen“.
      </p>
    </section>
  );
}

/**
 * The order's buyer on the order page: both addresses and where the confirmation went, or why they are not shown.
 * The page server asks the API without the shopper's session, so an order shown without its buyer is asked for
 * once more from the browser, where the session of the customer who owns it shows it all.
 */
export function OrderBuyer({ order }: { order: Order }) {
  const { sdk } = useShop();
  const [shown, setShown] = useState(order);
  useEffect(() => {
    setShown(order);
    if (order.personalData !== 'hidden') return;
    let current = true;
    ordersOf(sdk)
      .get(order.headerGuid)
      .then(
        (again) => current && again.personalData !== 'hidden' && setShown(again),
        // Not shown is what the page says already; a failed second look changes nothing.
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [order, sdk]);
  if (shown.personalData === 'hidden') return <HiddenBuyer />;
  return (
    <>
      <div className="order-addresses">
        <AddressBlock title="Lieferadresse" address={shown.shippingAddress} />
        <AddressBlock title="Rechnungsadresse" address={shown.billingAddress} />
      </div>
      <p>Bestätigung an: {shown.billingPerson.email}</p>
    </>
  );
}
