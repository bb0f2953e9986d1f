/**
 * spec 5 validation rules: the SDK's own functions, so client and server accept exactly the same input
 * (CONVENTIONS: one contract shared by client and server).
 */
export {
  isValidAddressAddition,
  isValidCity,
  isValidEmail,
  isValidHouseNumber,
  isValidName,
  isValidPhone,
  isValidPostcode,
  isValidStreet,
  lacksPostnummer,
} from '@lp/sdk/validation';
