// Session 20: the rules of a company buyer's invoice references, shared by the checkout form and the API.
import { describe, expect, it } from 'vitest';
import {
  compactVatId,
  isValidBuyerReference,
  isValidLeitwegId,
  isValidVatId,
  looksLikeLeitwegId,
} from '../src/validation';

describe('isValidLeitwegId (KoSIT format, check digits ISO 7064 MOD 97-10)', () => {
  it('takes the specification’s example and IDs with and without a fine address', () => {
    expect(isValidLeitwegId('04011000-1234512345-06')).toBe(true);
    expect(isValidLeitwegId('991-33333TEST-33')).toBe(true);
    expect(isValidLeitwegId('991-33333test-33')).toBe(true); // letters count case-insensitively
    expect(isValidLeitwegId(' 04011000-1234512345-06 ')).toBe(true);
  });
  it('refuses wrong check digits, wrong shapes and non-text', () => {
    expect(isValidLeitwegId('04011000-1234512345-07')).toBe(false);
    expect(isValidLeitwegId('04011000-1234512345-60')).toBe(false);
    expect(isValidLeitwegId('0-1234-06')).toBe(false); // coarse address of 1 digit
    expect(isValidLeitwegId(`04-${'A'.repeat(31)}-06`)).toBe(false); // fine address over 30
    expect(isValidLeitwegId('04011000_1234512345_06')).toBe(false);
    expect(isValidLeitwegId(401100012345)).toBe(false);
    expect(isValidLeitwegId(null)).toBe(false);
  });
});

describe('isValidBuyerReference', () => {
  it('takes a Leitweg-ID or a company’s own order number', () => {
    expect(isValidBuyerReference('04011000-1234512345-06')).toBe(true);
    expect(isValidBuyerReference('PO 4711/2026')).toBe(true);
    expect(isValidBuyerReference('Bestellung 4500-12')).toBe(true);
    expect(isValidBuyerReference('Kostenstelle 12 (Fuhrpark)')).toBe(true);
  });
  it('checks the check digits of anything shaped like a Leitweg-ID', () => {
    expect(looksLikeLeitwegId('4500-12')).toBe(true);
    expect(isValidBuyerReference('4500-12')).toBe(false);
    expect(isValidBuyerReference('04011000-1234512345-07')).toBe(false);
  });
  it('refuses markup, control characters, lone surrogates, over 50 characters and non-text', () => {
    for (const value of ['<b>PO</b>', 'PO "1"', 'PO\u00001', 'PO \ud800', `PO ${'1'.repeat(48)}`, '', 17, {}])
      expect(isValidBuyerReference(value)).toBe(false);
  });
});

describe('isValidVatId (German USt-IdNr., check digit ISO 7064 MOD 11,10)', () => {
  it('takes valid numbers, also with spaces, dots or hyphens and in lower case', () => {
    expect(isValidVatId('DE136695976')).toBe(true);
    expect(isValidVatId('de 136 695 976')).toBe(true);
    expect(isValidVatId('DE-136.695.976')).toBe(true);
    expect(compactVatId('de 136 695 976')).toBe('DE136695976');
  });
  it('refuses a wrong check digit, other shapes, other states and non-text', () => {
    for (const value of [
      'DE136695977',
      'DE036695976',
      'DE13669597',
      'DE1366959760',
      'ATU12345678',
      '136695976',
      7,
      null,
    ])
      expect(isValidVatId(value)).toBe(false);
  });
});
