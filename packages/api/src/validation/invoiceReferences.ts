import type { SaveOrderBody } from '@lp/sdk/contract';
import { compactVatId, isValidBuyerReference, isValidVatId, looksLikeLeitwegId } from './rules';
import type { FieldError } from './validateAddress';

/** The buyer's invoice references of a save as the order stores them: null for none. */
export interface InvoiceReferences {
  buyerReference: string | null;
  buyerVatId: string | null;
}

const given = (value: string | undefined) => (value?.trim() ? value : undefined);

/** A Leitweg-ID in capitals, as KoSIT writes it and routing compares it; the company's own order number as typed. */
const storedReference = (reference: string) =>
  looksLikeLeitwegId(reference) ? reference.toUpperCase() : reference;

/**
 * Session 20: the buyer reference (a Leitweg-ID or the company's own order number, XRechnung BT-10) and the buyer's
 * USt-IdNr. (BT-48) of a save, as stored: trimmed and composed (NFC), a Leitweg-ID in capitals, the USt-IdNr. without
 * spaces. Blank is none.
 */
export function invoiceReferencesOf(body: SaveOrderBody): InvoiceReferences {
  const reference = given(body.buyerReference);
  const vatId = given(body.buyerVatId);
  return {
    buyerReference: reference === undefined ? null : storedReference(reference.normalize('NFC').trim()),
    buyerVatId: vatId === undefined ? null : compactVatId(vatId),
  };
}

/**
 * The rules of the two references (`@lp/sdk/validation`, the checkout form's too). They are invoice data of a company:
 * given without a company in the billing address (the shipping address when no other is given), the save is refused
 * rather than the values silently dropped.
 */
export function invoiceReferenceErrors(body: SaveOrderBody): FieldError[] {
  const errors: FieldError[] = [];
  // Checked as stored: spaces around it are no part of the reference.
  const reference = given(body.buyerReference)?.trim();
  const vatId = given(body.buyerVatId);
  if (reference !== undefined && !isValidBuyerReference(reference))
    errors.push({
      field: 'buyerReference',
      message: looksLikeLeitwegId(reference)
        ? 'must be a Leitweg-ID with valid check digits (ISO 7064 MOD 97-10), e.g. 04011000-1234512345-06'
        : 'must be a Leitweg-ID or an order number of at most 50 letters, digits, spaces and . , - / _ # : ( )',
    });
  if (vatId !== undefined && !isValidVatId(vatId))
    errors.push({
      field: 'buyerVatId',
      message: 'must be a German USt-IdNr.: DE and 9 digits with a valid check digit, e.g. DE136695976',
    });
  const billing = body.billingAddress ?? body.shippingAddress;
  if ((reference !== undefined || vatId !== undefined) && !billing.company?.trim())
    errors.push({
      field: body.billingAddress ? 'billingAddress.company' : 'shippingAddress.company',
      message: 'must name the company when a buyer reference or USt-IdNr. is given',
    });
  return errors;
}
