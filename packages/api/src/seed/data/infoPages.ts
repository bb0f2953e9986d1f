import type { Article } from '@lp/sdk/contract';
import { article, section } from './articleHelpers';
import { CONTACT, FREE_SHIPPING_FROM } from './contactDetails';
import { DELIVERY_TIME } from './shipping';

const PUBLISHED = '2025-01-15';
const freeFrom = `${FREE_SHIPPING_FROM.toFixed(2).replace('.', ',')} €`;

/** Non-legal information pages (spec 2 routes /uber-uns, /zahlung-und-versand, /kontakt). */
export const infoPages: Article[] = [
  article({
    alias: 'uber-uns',
    title: 'Über uns',
    kind: 'page',
    excerpt: 'Wer wir sind und wie Ihre Kennzeichen entstehen.',
    publishedAt: PUBLISHED,
    content:
      section(
        'Kennzeichen vom Profi',
        'Seit vielen Jahren prägen wir Kfz-Kennzeichen, Motorradkennzeichen und Saisonkennzeichen für Privat- und ' +
          'Geschäftskunden in ganz Deutschland.',
        'Unsere Kennzeichen sind nach DIN 74069 zertifiziert und werden bei jeder Zulassungsstelle anerkannt.',
      ) +
      section(
        'Warum wir',
        'Bundesweit zertifiziert, Versand am selben Tag bei Bestellung bis 14:00 Uhr und eine persönliche ' +
          `Hotline ${CONTACT.openingHours}.`,
      ),
  }),
  article({
    alias: 'zahlung-und-versand',
    title: 'Zahlung und Versand',
    kind: 'page',
    excerpt: `Versand am selben Tag bei Bestellung bis 14:00 Uhr, versandkostenfrei ab ${freeFrom}.`,
    publishedAt: PUBLISHED,
    content:
      section(
        'Versand',
        '<strong>Versand am selben Tag:</strong> Bestellungen, die werktags bis 14:00 Uhr bei uns eingehen, ' +
          'verlassen noch am selben Tag unser Haus.',
        `Wir versenden mit DHL Standard innerhalb Deutschlands für 4,90 €. Ab einem Bestellwert von ${freeFrom} ` +
          'ist der Versand <strong>kostenlos</strong>.',
        `<strong>Lieferzeit:</strong> ${DELIVERY_TIME} innerhalb Deutschlands. Bei Bestellung werktags bis ` +
          '14:00 Uhr stellt DHL meist schon am nächsten Werktag zu.',
      ) +
      section('Zahlungsarten', 'Sie können bequem mit folgenden Zahlungsarten bezahlen:') +
      '<ul><li>PayPal</li><li>Kreditkarte (Visa, Mastercard, American Express)</li><li>Google Pay</li>' +
      '<li>Apple Pay</li></ul>',
  }),
  article({
    alias: 'kontakt',
    title: 'Kontakt',
    kind: 'page',
    excerpt: `Hotline ${CONTACT.openingHours}, E-Mail ${CONTACT.email}.`,
    publishedAt: PUBLISHED,
    content:
      section(
        'Anschrift',
        `${CONTACT.companyName}<br>${CONTACT.street}<br>${CONTACT.postcode} ${CONTACT.city}`,
      ) +
      section('E-Mail', `<a href="mailto:${CONTACT.email}">${CONTACT.email}</a>`) +
      '<h2>Telefon</h2><ul>' +
      CONTACT.phones
        .map((p) => `<li>${p.label}: <a href="tel:${p.number.replace(' ', '')}">${p.number}</a></li>`)
        .join('') +
      '</ul>' +
      section('Öffnungszeiten', `Telefonisch erreichbar ${CONTACT.openingHours}.`),
  }),
];
