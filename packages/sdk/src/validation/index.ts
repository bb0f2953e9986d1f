export { ADDRESS_ADDITION_MAX, isValidAddressAddition, lacksPostnummer } from './isValidAddressAddition';
export { clampQuantity, isValidQuantity } from './clampQuantity';
export { isValidCity } from './isValidCity';
export { isValidEmail } from './isValidEmail';
export { isValidHouseNumber } from './isValidHouseNumber';
export { isValidName } from './isValidName';
export { isValidPhone } from './isValidPhone';
export { isValidPostcode } from './isValidPostcode';
export { isValidStreet } from './isValidStreet';
export { isValidPassword } from './isValidPassword';
export {
  BUYER_REFERENCE_MAX,
  compactVatId,
  isValidBuyerReference,
  isValidLeitwegId,
  isValidVatId,
  looksLikeLeitwegId,
} from './invoiceReferences';
export { asOneLine } from './asOneLine';
export { MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN, isSingleLineText } from './plainText';
