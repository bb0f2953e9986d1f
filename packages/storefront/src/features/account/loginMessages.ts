import { isLpError } from '@lp/sdk';
import { isValidEmail } from '@lp/sdk/validation';

/** Shopper-facing German texts of the login (issue 6); the API answers in English, the shop speaks German. */
export const LOGIN_TEXT = {
  invalid: 'E-Mail oder Passwort ist falsch.',
  tooMany: 'Zu viele Anmeldeversuche. Bitte versuchen Sie es in einigen Minuten erneut.',
  failed: 'Die Anmeldung ist gerade nicht möglich. Bitte versuchen Sie es später erneut.',
  emailMissing: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  passwordMissing: 'Bitte geben Sie Ihr Passwort ein.',
} as const;

export interface LoginFieldErrors {
  email?: string;
  password?: string;
}

/** Checks the form before anything is sent; an empty object means it may be sent. */
export function validateLogin(email: string, password: string): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = LOGIN_TEXT.emailMissing;
  else if (trimmed.length > 254 || !isValidEmail(trimmed)) errors.email = LOGIN_TEXT.emailInvalid;
  if (!password) errors.password = LOGIN_TEXT.passwordMissing;
  return errors;
}

/** The German message for a failed login call, by the API's code: wrong credentials, too many tries, or else. */
export function loginErrorMessage(error: unknown): string {
  const code = isLpError(error) ? error.apiCode : undefined;
  if (code === 'login-failed') return LOGIN_TEXT.invalid;
  if (code === 'login-rate-limited' || code === 'rate-limited') return LOGIN_TEXT.tooMany;
  return LOGIN_TEXT.failed;
}
