/**
 * Sample contact data (spec 3: "sample values only"). The street, postcode and phone numbers are fictitious; the
 * phone numbers come from the 030 23125 range the Bundesnetzagentur keeps free for film and fiction.
 */
export const CONTACT = {
  companyName: 'Kennzeichen-Profi GmbH (Beispielunternehmen)',
  street: 'Musterstraße 12',
  postcode: '12345',
  city: 'Musterstadt',
  email: 'info@lp-de.example',
  phones: [
    { label: 'Hotline', number: '+49 3023125000' },
    { label: 'Geschäftskunden', number: '+49 3023125001' },
  ],
  /** spec 1/9: hotline Mo-Fr 10-16. */
  openingHours: 'Mo-Fr 10-16 Uhr',
  manager: 'Erika Musterfrau',
  register: 'Amtsgericht Musterstadt, HRB 00000 (Beispiel)',
  vatId: 'DE000000000 (Beispiel)',
} as const;

/** Minimum order amount for free shipping in euro; must match the first rate in shipping.ts (spec 9). */
export const FREE_SHIPPING_FROM = 50;
