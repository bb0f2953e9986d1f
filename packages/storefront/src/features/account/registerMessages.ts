import { isLpError } from '@lp/sdk';
import type { ApiErrorBody } from '@lp/sdk/contract';
import { isValidEmail, isValidName, isValidPassword } from '@lp/sdk/validation';

/** Shopper-facing German texts of the registration (issue 13). */
export const REGISTER_TEXT = {
  nameMissing: 'Bitte geben Sie Ihren Vornamen ein.',
  nameInvalid: 'Bitte geben Sie einen gültigen Vornamen ein (Buchstaben, Apostroph, Bindestrich).',
  lastNameMissing: 'Bitte geben Sie Ihren Nachnamen ein.',
  lastNameInvalid: 'Bitte geben Sie einen gültigen Nachnamen ein (Buchstaben, Apostroph, Bindestrich).',
  emailMissing: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  passwordMissing: 'Bitte wählen Sie ein Passwort.',
  passwordInvalid: 'Das Passwort muss 8 bis 200 Zeichen lang sein.',
  taken: 'Für diese E-Mail-Adresse gibt es bereits ein Kundenkonto. Bitte melden Sie sich an.',
  tooMany: 'Zu viele Versuche. Bitte versuchen Sie es in einigen Minuten erneut.',
  failed: 'Die Registrierung ist gerade nicht möglich. Bitte versuchen Sie es später erneut.',
} as const;

export type RegisterField = 'name' | 'lastName' | 'email' | 'password';
export type RegisterValues = Record<RegisterField, string>;
export type RegisterErrors = Partial<Record<RegisterField, string>>;

/** The order fields are checked and focused in. */
export const REGISTER_FIELDS: RegisterField[] = ['name', 'lastName', 'email', 'password'];

/** The checkout's field rules (SDK, shared with the API) with German messages; empty: may be sent. */
export function validateRegistration(values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  const name = values.name.trim();
  const lastName = values.lastName.trim();
  const email = values.email.trim();
  if (!name) errors.name = REGISTER_TEXT.nameMissing;
  else if (!isValidName(name)) errors.name = REGISTER_TEXT.nameInvalid;
  if (!lastName) errors.lastName = REGISTER_TEXT.lastNameMissing;
  else if (!isValidName(lastName)) errors.lastName = REGISTER_TEXT.lastNameInvalid;
  if (!email) errors.email = REGISTER_TEXT.emailMissing;
  else if (!isValidEmail(email)) errors.email = REGISTER_TEXT.emailInvalid;
  if (!values.password) errors.password = REGISTER_TEXT.passwordMissing;
  else if (!isValidPassword(values.password)) errors.password = REGISTER_TEXT.passwordInvalid;
  return errors;
}

/** A failed register call: field errors the API found (by field), or one message for the whole form. */
export function registerFailure(error: unknown): { fields: RegisterErrors; message: string } {
  if (!isLpError(error)) return { fields: {}, message: REGISTER_TEXT.failed };
  if (error.apiCode === 'email-taken') return { fields: { email: REGISTER_TEXT.taken }, message: '' };
  if (error.apiCode === 'rate-limited' || error.apiCode === 'login-rate-limited')
    return { fields: {}, message: REGISTER_TEXT.tooMany };
  if (error.apiCode === 'validation') {
    const fields: RegisterErrors = {};
    const invalid: Record<RegisterField, string> = {
      name: REGISTER_TEXT.nameInvalid,
      lastName: REGISTER_TEXT.lastNameInvalid,
      email: REGISTER_TEXT.emailInvalid,
      password: REGISTER_TEXT.passwordInvalid,
    };
    for (const { field } of (error.body as ApiErrorBody | undefined)?.errors ?? []) {
      if (REGISTER_FIELDS.includes(field as RegisterField))
        fields[field as RegisterField] = invalid[field as RegisterField];
    }
    if (Object.keys(fields).length) return { fields, message: '' };
  }
  return { fields: {}, message: REGISTER_TEXT.failed };
}
