/**
 * SQL: the company row `alias` holds every seller part an XRechnung names (`EInvoiceSeller` in ciiParts.ts,
 * migrations 025 and 033), so its e-invoices can be issued; without them GET …/xrechnung answers 503. The mails link
 * an e-invoice, and the order answer offers one (`invoice.eInvoice`), only then. No imports: the order reads use it.
 */
export const sellerReady = (alias: string): string =>
  `(${['legal_name', 'street', 'postcode', 'city', 'vat_id', 'contact_name', 'contact_phone', 'contact_email']
    .map((column) => `COALESCE(${alias}.${column}, '') <> ''`)
    .join(' AND ')})`;
