export { clampQuantity, isValidQuantity } from './clampQuantity';
export { isValidCity } from './isValidCity';
export { isValidEmail } from './isValidEmail';
export { isValidHouseNumber } from './isValidHouseNumber';
export { isValidName } from './isValidName';
export { isValidPhone } from './isValidPhone';
export { isValidPostcode } from './isValidPostcode';
export { isValidStreet } from './isValidStreet';
export { isValidPassword } from './isValidPassword';
