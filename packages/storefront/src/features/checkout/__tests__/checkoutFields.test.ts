import { describe, expect, it } from 'vitest';
import { checkoutDraft } from '../checkoutDraft';
import {
  ADDRESS_FIELDS,
  CONTACT_FIELDS,
  type CheckoutValues,
  emptyCheckout,
  POSTNUMMER_MISSING,
  fieldError,
  normalisePhone,
  validateCheckout,
} from '../checkoutFields';

const valid = (): CheckoutValues => ({
  ...emptyCheckout(),
  email: 'erika.muster@example.de',
  phone: '+49 3012345678',
  shipping: {
    name: 'Erika',
    lastName: "Muster-O'Brien",
    company: '',
    street: 'Hauptstraße',
    houseNumber: '12a',
    street2: '',
    zipCode: '10115',
    city: 'Berlin',
  },
});

describe('normalisePhone', () => {
  it('writes German numbers as "+49 " and digits', () => {
    expect(normalisePhone('030 123 456 78')).toBe('+49 3012345678');
    expect(normalisePhone('+49 (0)30 1234-5678')).toBe('+49 3012345678');
    expect(normalisePhone('0049 30/12345678')).toBe('+49 3012345678');
    expect(normalisePhone('+49 ')).toBe('+49 ');
  });
  it('leaves foreign numbers and text for the rule to reject', () => {
    expect(normalisePhone('+43 1 234567')).toBe('+43 1 234567');
    expect(normalisePhone('call me')).toBe('call me');
  });
});

describe('validateCheckout (spec 5 rules, German messages)', () => {
  it('passes a complete German address and skips the billing address while it equals shipping', () => {
    expect(validateCheckout(valid())).toEqual({});
  });

  it('names every broken field with a German message', () => {
    const values = valid();
    values.email = 'erika..muster@example';
    values.phone = '+49 123';
    values.shipping.zipCode = '1011';
    values.shipping.houseNumber = 'zwölf';
    values.shipping.city = 'Berlin 1';
    values.shipping.name = '';
    const errors = validateCheckout(values);
    expect(Object.keys(errors).sort()).toEqual(
      ['email', 'phone', 'shipping.city', 'shipping.houseNumber', 'shipping.name', 'shipping.zipCode'].sort(),
    );
    expect(errors['shipping.zipCode']).toBe('Bitte geben Sie eine Postleitzahl mit genau 5 Ziffern ein.');
    expect(errors.email).toMatch(/E-Mail-Adresse/);
  });

  it('checks a different billing address and accepts an empty optional company', () => {
    const values = { ...valid(), billingSame: false };
    expect(Object.keys(validateCheckout(values))).toContain('billing.street');
    expect(fieldError(values, 'shipping.company')).toBe('');
  });

  it('rejects huge and hostile input without throwing', () => {
    const values = valid();
    values.shipping.street = `<img src=x onerror=alert(1)>${'a'.repeat(10_000)}`;
    values.shipping.company = 'x'.repeat(101);
    values.email = 'a'.repeat(100_000);
    const errors = validateCheckout(values);
    expect(errors['shipping.street']).toBeTruthy();
    expect(errors.email).toBeTruthy();
  });
});

describe('the address addition (Adresszusatz, session 17)', () => {
  it('is optional, takes c/o, floors and a Postnummer, and names a wrong one in German', () => {
    const values = valid();
    expect(fieldError(values, 'shipping.street2')).toBe('');
    for (const street2 of ['c/o Familie Weber', '3. OG', 'Abteilung Einkauf', 'Postnummer 12345678']) {
      values.shipping.street2 = street2;
      expect(fieldError(values, 'shipping.street2')).toBe('');
    }
    values.shipping.street2 = '<b>3. OG</b>';
    expect(fieldError(values, 'shipping.street2')).toBe(ADDRESS_FIELDS.street2.message);
    expect(ADDRESS_FIELDS.street2.message).toMatch(/^Bitte geben Sie einen gültigen Adresszusatz ein/);
  });

  it('asks for the Postnummer of a Packstation or Postfiliale on the addition, shipping and billing', () => {
    const values = { ...valid(), billingSame: false };
    values.shipping = { ...values.shipping, street: 'Packstation', houseNumber: '123' };
    values.billing = { ...values.shipping, street: 'Postfiliale', street2: 'c/o Weber' };
    expect(validateCheckout(values)).toEqual({
      'shipping.street2': POSTNUMMER_MISSING,
      'billing.street2': POSTNUMMER_MISSING,
    });
    values.shipping.street2 = 'Postnummer 12345678';
    values.billing.street2 = '1234567890';
    expect(validateCheckout(values)).toEqual({});
  });

  it('autofills as address-line2; the house number no longer does', () => {
    expect(ADDRESS_FIELDS.street2).toMatchObject({
      autoComplete: 'address-line2',
      optional: true,
      maxLength: 60,
    });
    expect(ADDRESS_FIELDS.houseNumber.autoComplete).toBe('');
  });

  it('survives a reload in the draft', () => {
    checkoutDraft.save({ ...valid(), shipping: { ...valid().shipping, street2: 'c/o Familie Weber' } });
    expect(checkoutDraft.load().shipping.street2).toBe('c/o Familie Weber');
    sessionStorage.clear();
  });
});

describe('input limits (a browser cuts typed or pasted text at maxLength without a word)', () => {
  // What the input keeps of a typed value, as Chromium does for maxlength.
  const typed = (spec: { maxLength: number }, value: string) => value.slice(0, spec.maxLength);

  it('keeps long double names and formatted phone numbers whole', () => {
    const firstName = 'Karl-Theodor Maria Nikolaus Johann Jacob Philipp Franz Joseph Sylvester';
    const lastName = 'Freiherr von und zu Guttenberg-Leutheusser-Schnarrenberger-Müller';
    expect(typed(ADDRESS_FIELDS.name, firstName)).toBe(firstName);
    expect(typed(ADDRESS_FIELDS.lastName, lastName)).toBe(lastName);
    // Cut at 20 characters this was '+49 (0)30 123 456 78': a valid, different number.
    const phone = '+49 (0)30 123 456 789';
    expect(normalisePhone(typed(CONTACT_FIELDS.phone, phone))).toBe('+49 30123456789');
    expect(normalisePhone(typed(CONTACT_FIELDS.phone, '+49 (0) 151 / 234 567 89'))).toBe('+49 15123456789');
    checkoutDraft.save({ ...valid(), phone: '+49 (0) 151 / 234 567 89' });
    expect(checkoutDraft.load().phone).toBe('+49 (0) 151 / 234 567 89');
    sessionStorage.clear();
  });
});

describe('checkoutDraft', () => {
  it('keeps the form across a reload and ignores corrupt or hostile drafts', () => {
    checkoutDraft.save(valid());
    expect(checkoutDraft.load()).toEqual(valid());
    sessionStorage.setItem('lp-checkout', '{not json');
    expect(checkoutDraft.load()).toEqual(emptyCheckout());
    sessionStorage.setItem(
      'lp-checkout',
      JSON.stringify({ email: 42, shipping: { city: ['x'] }, billingSame: 'no' }),
    );
    const loaded = checkoutDraft.load();
    expect(loaded.email).toBe('');
    expect(loaded.shipping.city).toBe('');
    expect(loaded.phone).toBe('+49 ');
    sessionStorage.clear();
  });
});
