/**
 * spec 5 validation rules: the SDK's own functions, so client and server accept exactly the same input
 * (CONVENTIONS: one contract shared by client and server).
 */
export {
  compactVatId,
  isValidAddressAddition,
  isValidBuyerReference,
  isValidCity,
  isValidEmail,
  isValidHouseNumber,
  isValidName,
  isValidPhone,
  isValidPostcode,
  isValidStreet,
  isValidVatId,
  lacksPostnummer,
  looksLikeLeitwegId,
} from '@lp/sdk/validation';
