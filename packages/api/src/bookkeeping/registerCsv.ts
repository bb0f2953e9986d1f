import type { InvoiceRegister, RegisterEntry } from './invoiceRegister';

/** Euros with a decimal comma and no thousands separator (`-1234,50`), as German spreadsheets read a number. */
export function decimalComma(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** YYYY-MM-DD as `25.11.2026`, which German spreadsheets read as a date. */
export const germanDate = (isoDate: string) => isoDate.split('-').reverse().join('.');

/**
 * A text cell of the CSV. Text a shopper typed (a name, a company) that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return would be taken for a formula by Excel and LibreOffice (CSV injection, OWASP): it gets a leading
 * apostrophe, which shows the text as text. Quoted when it holds the separator, a quote or a line break.
 */
export function textCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const KIND: Record<RegisterEntry['kind'], string> = {
  invoice: 'Rechnung',
  correction: 'Rechnungskorrektur',
};

/**
 * The Rechnungsausgangsbuch as a CSV the way German spreadsheet users open it: UTF-8 with a byte order mark (Excel
 * reads umlauts right only with it), `;` between cells, decimal comma, dates `TT.MM.JJJJ`, CRLF line ends. One row
 * per document; per VAT rate of the month a net and a VAT column, so a column's sum is the month's figure; a
 * correction's amounts are negative. Column headers in German, for the tax adviser.
 */
export function registerCsv(register: InvoiceRegister): string {
  const rates = register.rates.map((total) => total.rate);
  const header = [
    'Belegnummer',
    'Belegdatum',
    'Belegart',
    'Bestellnummer',
    'Kunde',
    'Firma',
    ...rates.flatMap((rate) => [`Netto ${rate} %`, `USt ${rate} %`]),
    'Brutto',
    'Zahlungsart',
    'Berichtigt Rechnung',
    // Session 20: last, so the columns before keep their places in the tax adviser's templates.
    'USt-IdNr. Kunde',
    'Referenz Kunde',
  ];
  const rows = register.entries.map((entry) =>
    [
      entry.number,
      germanDate(entry.date),
      KIND[entry.kind],
      textCell(entry.orderNumber),
      textCell(entry.name),
      textCell(entry.company),
      ...rates.flatMap((rate) =>
        rate === entry.vatRate ? [decimalComma(entry.netCents), decimalComma(entry.vatCents)] : ['', ''],
      ),
      decimalComma(entry.grossCents),
      textCell(entry.paymentMethod),
      entry.corrects ?? '',
      textCell(entry.buyerVatId ?? ''),
      textCell(entry.buyerReference ?? ''),
    ].join(';'),
  );
  return `\uFEFF${[header.join(';'), ...rows].map((line) => `${line}\r\n`).join('')}`;
}
