import {
  ADDRESS_ADDITION_MAX,
  BUYER_REFERENCE_MAX,
  isValidAddressAddition,
  isValidBuyerReference,
  isValidCity,
  isValidEmail,
  isValidHouseNumber,
  isValidName,
  isValidPhone,
  isValidPostcode,
  isValidStreet,
  isSingleLineText,
  isValidVatId,
  lacksPostnummer,
  looksLikeLeitwegId,
} from '@lp/sdk/validation';

export type AddressField =
  | 'name'
  | 'lastName'
  | 'company'
  | 'street'
  | 'houseNumber'
  | 'street2'
  | 'zipCode'
  | 'city';
export type AddressValues = Record<AddressField, string>;

export interface CheckoutValues {
  email: string;
  phone: string;
  shipping: AddressValues;
  billingSame: boolean;
  billing: AddressValues;
  /** Session 20, asked when the billing address names a company: Leitweg-ID or own order number, USt-IdNr. */
  buyerReference: string;
  buyerVatId: string;
}

export interface FieldSpec {
  label: string;
  autoComplete: string;
  type?: 'email' | 'tel' | 'text';
  inputMode?: 'email' | 'tel' | 'numeric' | 'text';
  optional?: boolean;
  /** A short help text under the label, tied to the input (aria-describedby). */
  hint?: string;
  maxLength: number;
  /** spec 5 rule; the message is shown inline (decision: we show messages although spec 5 does not). */
  valid(value: string): boolean;
  message: string;
}

/** Longest phone input as typed, before it is written as '+49 …'. */
export const PHONE_INPUT_MAX = 30;

export const CONTACT_FIELDS = {
  email: {
    label: 'E-Mail',
    autoComplete: 'email',
    type: 'email',
    inputMode: 'email',
    maxLength: 254,
    valid: isValidEmail,
    message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.',
  },
  phone: {
    label: 'Telefon',
    autoComplete: 'tel',
    type: 'tel',
    inputMode: 'tel',
    // Room for the way people write numbers ('+49 (0) 151 / 234 567 89'): the rule checks the '+49 …' form, and a
    // shorter limit would silently cut the last digits off (a different, possibly valid number).
    maxLength: PHONE_INPUT_MAX,
    valid: isValidPhone,
    message:
      'Bitte geben Sie Ihre Telefonnummer im Format +49 und 9 bis 14 Ziffern ein, z. B. +49 3012345678.',
  },
} satisfies Record<'email' | 'phone', FieldSpec>;

/** Longest USt-IdNr. as typed ('DE 136 695 976'), before it is written without spaces. */
export const VAT_ID_INPUT_MAX = 20;

/**
 * Session 20: a company buyer's invoice references (decisions.md "Company buyers: Leitweg-ID, own order number and
 * USt-IdNr."), shown and checked only while the billing address names a company; both optional.
 */
export const INVOICE_FIELDS = {
  buyerReference: {
    label: 'Ihre Bestellnummer / Leitweg-ID (optional)',
    autoComplete: 'off',
    optional: true,
    hint: 'Erscheint auf der Rechnung und in der E-Rechnung (XRechnung). Öffentliche Auftraggeber geben hier ihre Leitweg-ID an, z. B. 04011000-1234512345-06.',
    maxLength: BUYER_REFERENCE_MAX,
    valid: isValidBuyerReference,
    message:
      'Bitte geben Sie Ihre Bestellnummer (Buchstaben, Ziffern und . , - / _ # : ( ), höchstens 50 Zeichen) oder Ihre Leitweg-ID ein.',
  },
  buyerVatId: {
    label: 'USt-IdNr. (optional)',
    autoComplete: 'off',
    optional: true,
    hint: 'Ihre deutsche Umsatzsteuer-Identifikationsnummer für die Rechnung. Der Preis ändert sich dadurch nicht.',
    maxLength: VAT_ID_INPUT_MAX,
    valid: isValidVatId,
    message:
      'Bitte geben Sie eine gültige deutsche USt-IdNr. ein: DE und 9 Ziffern, z. B. DE136695976. Bitte prüfen Sie die Ziffern.',
  },
} satisfies Record<'buyerReference' | 'buyerVatId', FieldSpec>;

/** A Leitweg-ID whose check digits do not fit: a typo would send a public buyer's invoice nowhere. */
export const LEITWEG_ID_INVALID =
  'Diese Leitweg-ID ist ungültig: Die Prüfziffer (letzte zwei Ziffern) passt nicht. Bitte prüfen Sie die Leitweg-ID. Eine eigene Bestellnummer in dieser Form schreiben Sie bitte mit einem Wort davor, z. B. „Bestellung 4500-12“.';

/**
 * Session 22: a company name holding a line break or an invisible control (a bidi control that reorders the name on
 * the label and the invoice, a line separator): such characters come from copied text, so retyping helps.
 */
export const COMPANY_INVISIBLE =
  'Bitte geben Sie den Firmennamen in einer Zeile und ohne unsichtbare Steuerzeichen ein (sie stammen oft aus kopiertem Text). Tippen Sie den Namen am besten neu ein.';

/** The company the invoice is made out to: the billing address's, which is the shipping address unless another is given. */
export const billingCompany = (values: CheckoutValues): string =>
  (values.billingSame ? values.shipping : values.billing).company.trim();

export const ADDRESS_FIELDS: Record<
  AddressField,
  Omit<FieldSpec, 'autoComplete'> & { autoComplete: string }
> = {
  name: {
    label: 'Vorname',
    autoComplete: 'given-name',
    maxLength: 100,
    valid: isValidName,
    message: 'Bitte geben Sie Ihren Vornamen ein (nur Buchstaben, Bindestrich und Apostroph).',
  },
  lastName: {
    label: 'Nachname',
    autoComplete: 'family-name',
    maxLength: 100,
    valid: isValidName,
    message: 'Bitte geben Sie Ihren Nachnamen ein (nur Buchstaben, Bindestrich und Apostroph).',
  },
  company: {
    label: 'Firma (optional)',
    autoComplete: 'organization',
    optional: true,
    maxLength: 100,
    // Session 22: any name, but one line without invisible controls (the API's single-line rule); the other
    // address fields' rules refuse them already.
    valid: isSingleLineText,
    message: COMPANY_INVISIBLE,
  },
  street: {
    label: 'Straße',
    autoComplete: 'address-line1',
    maxLength: 100,
    valid: isValidStreet,
    message: 'Bitte geben Sie eine gültige Straße ein, z. B. Hauptstraße oder Straße des 17. Juni.',
  },
  houseNumber: {
    label: 'Hausnummer',
    // No token names a house number; `address-line2` (its token before session 17) filled it with the address
    // addition. Without one, browsers go by the label (Chrome knows "Hausnummer").
    autoComplete: '',
    maxLength: 15,
    valid: isValidHouseNumber,
    message: 'Bitte geben Sie eine gültige Hausnummer ein, z. B. 12, 12a oder 12-14.',
  },
  street2: {
    label: 'Adresszusatz (optional)',
    autoComplete: 'address-line2',
    optional: true,
    hint: 'z. B. c/o, Etage oder Abteilung. Packstation: Straße „Packstation“, Hausnummer = Nummer der Packstation, Postnummer hier eintragen.',
    maxLength: ADDRESS_ADDITION_MAX,
    valid: isValidAddressAddition,
    message:
      "Bitte geben Sie einen gültigen Adresszusatz ein, z. B. c/o Familie Weber, 3. OG oder Postnummer 12345678 (Buchstaben, Ziffern und . , - / ( ) & ' :).",
  },
  zipCode: {
    label: 'PLZ',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    maxLength: 5,
    valid: isValidPostcode,
    message: 'Bitte geben Sie eine Postleitzahl mit genau 5 Ziffern ein.',
  },
  city: {
    label: 'Ort',
    autoComplete: 'address-level2',
    maxLength: 100,
    valid: isValidCity,
    message: 'Bitte geben Sie einen gültigen Ort ein, z. B. Köln oder Frankfurt (Oder).',
  },
};

export const ADDRESS_ORDER: AddressField[] = [
  'name',
  'lastName',
  'company',
  'street',
  'houseNumber',
  'street2',
  'zipCode',
  'city',
];

export const emptyAddress = (): AddressValues => ({
  name: '',
  lastName: '',
  company: '',
  street: '',
  houseNumber: '',
  street2: '',
  zipCode: '',
  city: '',
});

export const emptyCheckout = (): CheckoutValues => ({
  email: '',
  phone: '+49 ',
  shipping: emptyAddress(),
  billingSame: true,
  billing: emptyAddress(),
  buyerReference: '',
  buyerVatId: '',
});

/**
 * Writes a German phone number the way spec 5 wants it: '+49 ' then the digits. '0301234', '+49 30 1234' and
 * '0049 30-1234' all become '+49 301234'; other text is left for the rule to reject.
 *
 * @example
 * normalisePhone('030 123 456 78'); // '+49 3012345678'
 */
export function normalisePhone(value: string): string {
  const trimmed = value.trim();
  if (!/^[+\d(][\d\s()/-]*$/.test(trimmed.replace(/^\+/, '0'))) return value;
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    if (!digits.startsWith('49')) return value;
    digits = digits.slice(2);
  } else if (digits.startsWith('0049')) digits = digits.slice(4);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  return digits ? `+49 ${digits.replace(/^0/, '')}` : '+49 ';
}

/**
 * An address in composed form (NFC): text pasted from a macOS file name or a PDF may carry "u" plus a combining
 * diaeresis; the order must hold the "ü" the buyer sees, the one search and the parcel label expect.
 */
export const composedAddress = (address: AddressValues): AddressValues =>
  Object.fromEntries(
    Object.entries(address).map(([field, value]) => [field, value.normalize('NFC')]),
  ) as AddressValues;

/** The fields outside the addresses: contact and the company's invoice references. */
export type TopField = 'email' | 'phone' | 'buyerReference' | 'buyerVatId';

/** Key of a field for errors and ids: 'email', 'shipping.city', 'billing.zipCode', 'buyerVatId'. */
export type FieldKey = TopField | `shipping.${AddressField}` | `billing.${AddressField}`;

/** A key as its place in the values: ['email'], ['shipping', 'city']. */
export const placeOf = (key: FieldKey) =>
  key.split('.') as [TopField, undefined?] | ['shipping' | 'billing', AddressField];

/** A Packstation or Postfiliale without the Postnummer: DHL sends the parcel back (shown on the addition). */
export const POSTNUMMER_MISSING =
  'Für eine Packstation oder Postfiliale braucht DHL Ihre Postnummer (6 bis 10 Ziffern): Bitte tragen Sie sie hier ein, z. B. Postnummer 12345678.';

/** The message of one field, or '' when it passes its spec 5 rule. */
export function fieldError(values: CheckoutValues, key: FieldKey): string {
  const [group, field] = placeOf(key);
  if (field === undefined) {
    if (group === 'buyerReference' || group === 'buyerVatId') {
      // Only asked of a company; blank is none.
      const value = values[group].trim();
      if (!billingCompany(values) || !value || INVOICE_FIELDS[group].valid(value)) return '';
      return group === 'buyerReference' && looksLikeLeitwegId(value)
        ? LEITWEG_ID_INVALID
        : INVOICE_FIELDS[group].message;
    }
    const spec: FieldSpec = CONTACT_FIELDS[group];
    return spec.valid(values[group].trim()) ? '' : spec.message;
  }
  if (group === 'billing' && values.billingSame) return '';
  const spec = ADDRESS_FIELDS[field];
  const value = values[group][field].trim();
  if (!(spec.optional && !value) && !spec.valid(value)) return spec.message;
  return field === 'street2' && lacksPostnummer(values[group]) ? POSTNUMMER_MISSING : '';
}

/** Every field key in form order. */
export const FIELD_KEYS: FieldKey[] = [
  'email',
  'phone',
  ...ADDRESS_ORDER.map((f) => `shipping.${f}` as const),
  ...ADDRESS_ORDER.map((f) => `billing.${f}` as const),
  'buyerReference',
  'buyerVatId',
];

/** All messages of the form; empty object when everything passes. */
export function validateCheckout(values: CheckoutValues): Partial<Record<FieldKey, string>> {
  const errors: Partial<Record<FieldKey, string>> = {};
  for (const key of FIELD_KEYS) {
    const message = fieldError(values, key);
    if (message) errors[key] = message;
  }
  return errors;
}
