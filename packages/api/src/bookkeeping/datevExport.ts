import type { InvoiceRegister } from './invoiceRegister';
import { decimalComma } from './registerCsv';

/**
 * The 125 columns of the DATEV-Format "Buchungsstapel", format version 13 (header version 700), in DATEV's order and
 * spelling, as DATEV's own sample file EXTF_Buchungsstapel.csv has them (developer.datev.de/datev/platform/de/dtvf/
 * einstieg; the header's fields: …/dtvf/formate/header). Only a few are filled; the rest stay empty.
 */
export const DATEV_COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Land (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
];

/** The owner's DATEV numbers and accounts (from the tax adviser). */
export interface DatevSettings {
  /** Beraternummer, 1001-9999999. */
  consultant: number;
  /** Mandantennummer, 1-99999. */
  client: number;
  /** The month the financial year begins, 1-12 (1: the calendar year). */
  fiscalYearStartMonth: number;
  /** The customers' account (SKR03 Sammeldebitor; a Personenkonto has one digit more than the 4-digit G/L accounts). */
  debtorAccount: number;
  /** The revenue account per VAT rate: SKR03 Automatikkonten, which post the VAT themselves (no BU-Schlüssel). */
  revenueAccounts: ReadonlyMap<number, number>;
}

/** SKR03 defaults: Sammeldebitor 10000; 8400 "Erlöse 19 % USt", 8300 "Erlöse 7 % USt" (both Automatikkonten). */
export const SKR03_DEFAULTS = {
  debtorAccount: 10000,
  revenueAccounts: new Map([
    [19, 8400],
    [7, 8300],
  ]),
};

/** Windows-1252's characters in 0x80-0x9F (where ISO-8859-1 has control characters). */
const CP1252_HIGH = new Map(
  [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'].map((char, i) => [char, 0x80 + i]),
);

/**
 * Text in Windows-1252, DATEV's default character set for an import (developer.datev.de/datev/platform/en/dtvf/
 * zeichensatz: UTF-8 only with a BOM and only in a manual import). Control characters other than the line ends (not
 * allowed in a text field) become spaces; a letter outside the code page loses its accent (`Ł` has none to lose and becomes `?`).
 */
export function windows1252(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === 0x0d || code === 0x0a) bytes.push(code);
    else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) bytes.push(0x20);
    else if (code < 0x100) bytes.push(code);
    else if (CP1252_HIGH.has(char) && code > 0xff) bytes.push(CP1252_HIGH.get(char)!);
    else {
      const base = char.normalize('NFKD')[0]!;
      const baseCode = base.codePointAt(0)!;
      bytes.push(baseCode >= 0x20 && baseCode < 0x7f ? baseCode : 0x3f);
    }
  }
  return Buffer.from(bytes);
}

/** A DATEV text field: quoted, quotes doubled, at most `max` characters, no line breaks. */
const text = (value: string, max: number) =>
  `"${value
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .slice(0, max)
    .replaceAll('"', '""')}"`;

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** `now` in Berlin as DATEV's "Erzeugt am": YYYYMMDDHHMMSSFFF. */
function createdAt(now: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}${pad(now.getMilliseconds(), 3)}`;
}

/** The rates of the register that have no revenue account in `settings`. */
export function unmappedRates(register: InvoiceRegister, settings: DatevSettings): number[] {
  return [...new Set(register.entries.map((entry) => entry.vatRate))].filter(
    (rate) => !settings.revenueAccounts.has(rate),
  );
}

/**
 * The month's invoices and Rechnungskorrekturen as a DATEV Buchungsstapel (EXTF, header version 700, category 21,
 * format version 13, SKR03, G/L accounts of 4 digits) in Windows-1252 with CRLF. One booking per document, gross:
 * an invoice debits the customers' account ("S" on Konto) against the revenue account of its rate, a
 * Rechnungskorrektur credits it ("H"); the revenue accounts are Automatikkonten, so DATEV posts the VAT. Belegfeld 1
 * is the document's number, Belegdatum its day (TTMM; the year is the header's), Buchungstext the order number and
 * the recipient (a correction: the invoice it corrects). The batch is not locked (Festschreibung 0): the tax adviser
 * checks it first. Documents of 0 € are left out (DATEV refuses a zero Umsatz). Rates without a revenue account are
 * the caller's to refuse ({@link unmappedRates}).
 */
export function datevBuchungsstapel(register: InvoiceRegister, settings: DatevSettings, now: Date): Buffer {
  const [year, month] = register.month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const fiscalYear = month >= settings.fiscalYearStartMonth ? year : year - 1;
  const header = [
    '"EXTF"',
    '700',
    '21',
    '"Buchungsstapel"',
    '13',
    createdAt(now),
    '',
    '"RE"',
    '""',
    '""',
    String(settings.consultant),
    String(settings.client),
    `${fiscalYear}${pad(settings.fiscalYearStartMonth, 2)}01`,
    '4',
    `${year}${pad(month, 2)}01`,
    `${year}${pad(month, 2)}${pad(lastDay, 2)}`,
    `"Rechnungsausgang ${register.month}"`,
    '""',
    '1',
    '0',
    '0',
    '"EUR"',
    '',
    '""',
    '',
    '',
    '"03"',
    '',
    '',
    '""',
    '""',
  ];
  const at = (name: string) => DATEV_COLUMNS.indexOf(name);
  // DATEV refuses an Umsatz of 0,00; a document of 0 € (a full coupon with free shipping) has nothing to book.
  const rows = register.entries
    .filter((entry) => entry.grossCents !== 0)
    .map((entry) => {
      const row: string[] = new Array(DATEV_COLUMNS.length).fill('');
      const recipient = [entry.name, entry.company].filter(Boolean).join(', ');
      row[at('Umsatz (ohne Soll/Haben-Kz)')] = decimalComma(Math.abs(entry.grossCents));
      row[at('Soll/Haben-Kennzeichen')] = entry.kind === 'invoice' ? '"S"' : '"H"';
      row[at('WKZ Umsatz')] = '"EUR"';
      row[at('Konto')] = String(settings.debtorAccount);
      row[at('Gegenkonto (ohne BU-Schlüssel)')] = String(settings.revenueAccounts.get(entry.vatRate));
      row[at('Belegdatum')] = `${entry.date.slice(8, 10)}${entry.date.slice(5, 7)}`;
      row[at('Belegfeld 1')] = text(entry.number, 36);
      row[at('Buchungstext')] = text(
        entry.kind === 'invoice'
          ? `${entry.orderNumber} ${recipient}`
          : `Korrektur ${entry.corrects} ${entry.orderNumber} ${recipient}`,
        60,
      );
      row[at('Festschreibung')] = '0';
      return row.join(';');
    });
  const lines = [header.join(';'), DATEV_COLUMNS.join(';'), ...rows];
  return windows1252(lines.map((line) => `${line}\r\n`).join(''));
}
