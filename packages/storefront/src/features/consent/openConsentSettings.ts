/** The window event that reopens the consent banner (the banner's code loads lazily, the footer's does not). */
export const CONSENT_OPEN_EVENT = 'lp-consent-open';

/** Reopens the consent banner ('Cookie-Einstellungen' in the footer). */
export function openConsentSettings(): void {
  window.dispatchEvent(new Event(CONSENT_OPEN_EVENT));
}
