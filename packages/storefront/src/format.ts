const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** German euro amount, e.g. 14,90 €. */
export const formatEuro = (amount: number): string => euro.format(Number.isFinite(amount) ? amount : 0);

/** Phone number for a tel: link (digits and the leading +). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^+\d]/g, '')}`;
