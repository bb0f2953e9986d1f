import type { OrderStatus, PaymentMethodId } from '@lp/sdk/contract';

/** German names of the order statuses (the spec leaves the values unshown; these are the API's). */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  saved: 'Gespeichert',
  confirmed: 'Bestätigt',
  paymentPending: 'Zahlung ausstehend',
  paid: 'Bezahlt',
  cancelled: 'Storniert',
};

export const PAYMENT_LABEL: Record<PaymentMethodId, string> = {
  paypal: 'PayPal',
  card: 'Kreditkarte',
  googlepay: 'Google Pay',
  applepay: 'Apple Pay',
};

const dateFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' });

/** '21.11.2026' style date of an ISO timestamp; the raw text when it is not a date. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** Design images come from order data: only http(s) and same-origin paths are shown, nothing else. */
export function safeImageUrl(url: unknown): string | undefined {
  if (typeof url !== 'string' || url.length > 2000) return undefined;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
