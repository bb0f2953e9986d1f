import type { OrderStatus } from '@lp/sdk/contract';

/** German status texts of the waiting page. */
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  saved: 'Ihre Bestellung ist gespeichert.',
  confirmed: 'Ihre Bestellung ist bestätigt, die Zahlung steht noch aus.',
  paymentPending: 'Wir warten auf die Bestätigung Ihrer Zahlung …',
  paid: 'Zahlung erhalten. Vielen Dank!',
  cancelled: 'Die Zahlung wurde abgebrochen.',
};
