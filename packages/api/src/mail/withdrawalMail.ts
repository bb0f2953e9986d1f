import type { Queryable } from '../db/Db';
import type { OutgoingMail } from '../outbox/mailTransport';
import type { DeclaredLine } from '../withdrawals/declaredLines';
import { legalTexts } from './legalTexts';
import { type ShopSender, shopSender, signOffWithImprint } from './signOff';

/** A declaration of withdrawal as received (session 16, § 356a BGB), the fields as the consumer typed them. */
export interface ReceivedWithdrawal {
  name: string;
  orderNumber: string;
  email: string;
  /** Which goods, in the consumer's words; undefined: the whole order. */
  items?: string | undefined;
  /** Session 24: the order's lines the consumer named (migration 040); null or undefined: none named. */
  lines?: DeclaredLine[] | null | undefined;
  /** The server's time of receipt. */
  receivedAt: Date;
}

const berlin = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('de-DE', { ...options, timeZone: 'Europe/Berlin' });
const dayFormat = berlin({ day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = berlin({ hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' });

/**
 * The receipt's date and time as a German letter writes them: '25. November 2026', '14:05:09' and the zone, 'MEZ' or
 * 'MESZ' (Berlin time). Session 25: the zone is always named, since on the last Sunday of October 02:00-03:00 happens
 * twice and the time of receipt starts the shop's 14 days to refund (§ 357 BGB).
 */
export function receiptTime(at: Date): { day: string; time: string; zone: string } {
  const parts = timeFormat.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: dayFormat.format(at),
    time: `${part('hour')}:${part('minute')}:${part('second')}`,
    zone: part('timeZoneName'),
  };
}

/**
 * The goods as declared, a line each: the order's lines the consumer ticked (session 24: "Pos. 2: 1 × …", with the
 * note on goods made to their specification), then their free text; neither: the whole order.
 */
function declaredGoods(lines: DeclaredLine[] | null | undefined, items: string | undefined): string[] {
  const goods = (lines ?? []).map(
    (l) =>
      `  Pos. ${l.line}: ${l.quantity} × ${l.article}${l.madeToOrder ? ' (nach Ihren Vorgaben angefertigt)' : ''}`,
  );
  if (items) goods.push(`  ${items}`);
  return goods.length > 0 ? goods : ['  alle Waren der Bestellung'];
}

/**
 * The acknowledgment of receipt § 356a BGB asks for, on a durable medium (this mail), without delay: the content of
 * the declaration, the date and time of its receipt, and what happens next. Plain German text. The mail reads the
 * same whether or not the order number belongs to the address: it never says whether an order exists, and it says
 * neutrally that the shop answers separately whether the right of withdrawal applies (goods made to the consumer's
 * specification have none, § 312g (2) no. 1 BGB). The return address is the shop's own: its Widerrufsbelehrung
 * (quoted) and its Impressum below the signature, never a text of this code.
 */
export function withdrawalMail(
  declaration: ReceivedWithdrawal,
  shop: { sender: ShopSender; withdrawalText?: string | undefined },
): OutgoingMail {
  const { day, time, zone } = receiptTime(declaration.receivedAt);
  const items = declaration.items?.trim();
  const lines = [
    `Guten Tag ${declaration.name},`,
    '',
    `Ihr Widerruf ist am ${day} um ${time} Uhr ${zone} bei uns eingegangen. Hiermit bestätigen wir den Eingang.`,
    '',
    'Ihre Erklärung',
    'Hiermit widerrufe ich den von mir abgeschlossenen Vertrag über den Kauf der folgenden Waren:',
    ...declaredGoods(declaration.lines, items),
    `Name: ${declaration.name}`,
    `Bestellnummer: ${declaration.orderNumber}`,
    `E-Mail-Adresse für diese Bestätigung: ${declaration.email}`,
    `Eingegangen am: ${day} um ${time} Uhr ${zone}`,
    '',
    'Wie es weitergeht',
    '- Wir ordnen Ihren Widerruf Ihrer Bestellung zu. Können wir Ihre Angaben keiner Bestellung zuordnen, melden ' +
      'wir uns unter dieser E-Mail-Adresse bei Ihnen.',
    '- Für Waren, die nach Ihren Vorgaben angefertigt werden (zum Beispiel Kennzeichen mit Ihrer Zeichenfolge oder ' +
      'individuell bedruckte Kennzeichenhalter), besteht nach § 312g Abs. 2 Nr. 1 BGB kein Widerrufsrecht. Ob das ' +
      'Widerrufsrecht für die von Ihnen genannten Waren besteht, teilen wir Ihnen gesondert mit.',
    '- Waren, für die das Widerrufsrecht besteht, senden Sie bitte unverzüglich, spätestens binnen 14 Tagen ab ' +
      'heute, an die Anschrift zurück, die unsere Widerrufsbelehrung unten und unser Impressum nennen.',
    '- Wir erstatten Ihnen die Zahlungen für diese Waren einschließlich der Standard-Lieferkosten unverzüglich, ' +
      'spätestens binnen 14 Tagen ab dem Eingang Ihres Widerrufs (§ 357 BGB), mit demselben Zahlungsmittel, das ' +
      'Sie bei der Bestellung verwendet haben. Wir können die Erstattung verweigern, bis wir die Waren ' +
      'zurückerhalten haben oder Sie nachgewiesen haben, dass Sie sie zurückgesandt haben.',
    '',
    'Diese E-Mail ging an die Adresse, die im Widerrufsformular unseres Shops angegeben wurde. Haben nicht Sie den ' +
      'Widerruf erklärt, antworten Sie bitte auf diese E-Mail.',
    ...(shop.withdrawalText ? ['', 'Unsere Widerrufsbelehrung', shop.withdrawalText] : []),
    ...signOffWithImprint(shop.sender),
  ];
  return {
    to: declaration.email,
    subject: `Eingangsbestätigung Ihres Widerrufs (Bestellnummer ${declaration.orderNumber})`,
    text: lines.join('\n'),
  };
}

/** The mail for `declaration` with the shop's name, Impressum and Widerrufsbelehrung as the shop shows them now. */
export async function buildWithdrawalMail(
  db: Queryable,
  declaration: ReceivedWithdrawal,
): Promise<OutgoingMail> {
  // The Widerrufsbelehrung carries the shop's address for returns.
  const [sender, legal] = await Promise.all([shopSender(db), legalTexts(db)]);
  const withdrawalText = legal.withdrawal?.text;
  return withdrawalMail(declaration, { sender, withdrawalText });
}
