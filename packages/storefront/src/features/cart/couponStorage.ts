/** The coupon code the shopper validated in the cart, kept for the checkout (session only, never a price). */
const KEY = 'lp-coupon';

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export const couponStorage = {
  get(): string {
    try {
      return session()?.getItem(KEY) ?? '';
    } catch {
      return '';
    }
  },
  set(code: string): void {
    try {
      if (code) session()?.setItem(KEY, code);
      else session()?.removeItem(KEY);
    } catch {
      // storage full or blocked: the code is typed again at checkout
    }
  },
};

/** Coupon codes are short upper-case words; anything else never reaches the API. */
export const normaliseCouponCode = (value: string): string =>
  value
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9_-]/g, '')
    .slice(0, 40);
