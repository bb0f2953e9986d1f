import type { Address, Order } from '@lp/sdk/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import { ordersOf } from '../../sdk/ordersOf';

function AddressBlock({
  title,
  address,
  headingRef,
}: {
  title: string;
  address: Address;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <div>
      {/* Focusable by script only: the owner's second look moves focus here from the notice it replaces. */}
      <h3 ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h3>
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
 * shopper finds the addresses: the confirmation mail only once it was sent (with the payment); the account after
 * a login, which leads to the account, not back here. No phone number: the page never shows one.
 */
function HiddenBuyer({ order, noticeRef }: { order: Order; noticeRef: RefObject<HTMLElement | null> }) {
  const awaitingPayment = order.status === 'confirmed' || order.status === 'paymentPending';
  return (
    <section ref={noticeRef} className="order-buyer-hidden" aria-labelledby="order-buyer-hidden-title">
      <h3 id="order-buyer-hidden-title">Adressen und Kontaktdaten ausgeblendet</h3>
      <p>
        Zum Schutz Ihrer Daten zeigen wir Namen, Adressen und E-Mail-Adresse über diesen Link nur 24 Stunden
        nach der Bestellung an: Der Link bleibt im Verlauf des Browsers gespeichert, auch auf einem Computer,
        den mehrere Menschen nutzen.
      </p>
      <p>
        <span>
          {order.status === 'paid'
            ? 'Alle Angaben finden Sie in Ihrer Bestellbestätigung per E-Mail. '
            : awaitingPayment
              ? 'Sobald die Zahlung bestätigt ist, erhalten Sie alle Angaben mit der Bestellbestätigung per E-Mail. '
              : ''}
        </span>
        Mit einem Kundenkonto bestellt? Dann finden Sie Adressen und Kontaktdaten nach der{' '}
        <Link to="/account/login">Anmeldung</Link> in Ihrem Kundenkonto unter „Meine Bestellungen“.
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
  const noticeRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Whether keyboard focus was inside the notice when the owner's addresses replaced it (WCAG 2.4.3).
  const focusWasInNotice = useRef(false);
  useEffect(() => {
    setShown(order);
    if (order.personalData !== 'hidden') return;
    let current = true;
    ordersOf(sdk)
      .get(order.headerGuid)
      .then(
        (again) => {
          if (!current || again.personalData === 'hidden') return;
          focusWasInNotice.current = noticeRef.current?.contains(document.activeElement) ?? false;
          setShown(again);
        },
        // Not shown is what the page says already; a failed second look changes nothing.
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [order, sdk]);
  useEffect(() => {
    // The notice's link had focus and is gone: focus goes to what replaced it, not to the page's start.
    if (shown.personalData === 'hidden' || !focusWasInNotice.current) return;
    focusWasInNotice.current = false;
    headingRef.current?.focus();
  }, [shown]);
  if (shown.personalData === 'hidden') return <HiddenBuyer order={shown} noticeRef={noticeRef} />;
  return (
    <>
      <div className="order-addresses">
        <AddressBlock title="Lieferadresse" address={shown.shippingAddress} headingRef={headingRef} />
        <AddressBlock title="Rechnungsadresse" address={shown.billingAddress} />
      </div>
      <p>Bestätigung an: {shown.billingPerson.email}</p>
    </>
  );
}
