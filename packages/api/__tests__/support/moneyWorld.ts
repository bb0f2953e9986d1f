// Session 23, accountant: what the money agreement test shares. A seeded random generator, the shop's price rules
// written out once more in the test's own arithmetic (an independent model, not the API's functions), and readers
// of the documents a shopper and a tax adviser get: the sandbox payment page, the confirmation mail (the invoice)
// and the month's Rechnungsausgangsbuch.
import type { Discount } from '@lp/sdk/contract';
import { expect } from 'vitest';
import { cellsOf } from './invoiceCommands';

/** mulberry32: small, fast and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof seededRandom>;

/** The seed's coupons (seed/data/coupons.ts) in cents and hundredths of a percent, as the model computes them. */
export const COUPONS = {
  WILLKOMMEN10: { percent: 10, fixedCents: 0, minCents: 0 },
  SOMMER5: { percent: 0, fixedCents: 500, minCents: 2000 },
  HALTER20: { percent: 20, fixedCents: 0, minCents: 10_000 },
} as const;
export type CouponCode = keyof typeof COUPONS;

/** The seed's one shipping method: 4,90 € below 50 € of goods (after quantity discounts), free from 50 €. */
export const shippingCents = (goodsCents: number) => (goodsCents >= 5000 ? 0 : 490);

/** The tier a product's pieces in the cart reach: the highest minimum reached. */
export function tierPercent(tiers: readonly Discount[], pieces: number): number {
  const reached = tiers.filter((t) => pieces >= t.MinQuantity).sort((a, b) => b.MinQuantity - a.MinQuantity);
  return reached[0]?.Percent ?? 0;
}

/**
 * The model of a cart: a line's unit price minus its tier's percent, rounded to the cent (a half cent off goes to the
 * shopper, as the shop shows the discounted unit price), times the quantity; the coupon on the goods after quantity
 * discounts (percent rounded to the cent, fixed at most the goods); shipping on the goods too.
 */
export function modelCart(
  lines: { unitCents: number; quantity: number; tiers: readonly Discount[]; product: string }[],
  coupon: CouponCode | null,
) {
  const pieces = new Map<string, number>();
  for (const line of lines) pieces.set(line.product, (pieces.get(line.product) ?? 0) + line.quantity);
  const priced = lines.map((line) => {
    const percent = tierPercent(line.tiers, pieces.get(line.product)!);
    const unitOff = Math.round((line.unitCents * percent) / 100);
    return {
      percent,
      discountCents: unitOff * line.quantity,
      totalCents: (line.unitCents - unitOff) * line.quantity,
    };
  });
  const goodsCents = priced.reduce((sum, line) => sum + line.totalCents, 0);
  const rule = coupon ? COUPONS[coupon] : null;
  const couponUsable = rule !== null && goodsCents >= rule.minCents;
  const couponCents = !couponUsable
    ? 0
    : rule.percent > 0
      ? Math.round((goodsCents * rule.percent) / 100)
      : Math.min(rule.fixedCents, goodsCents);
  const shipping = shippingCents(goodsCents);
  return {
    priced,
    goodsCents,
    couponUsable,
    couponCents,
    shipping,
    totalCents: goodsCents - couponCents + shipping,
  };
}

/**
 * The VAT a gross amount contains at `rate` % (§ 14 (4) no. 8 UStG from gross prices): gross × rate / (100 + rate)
 * rounded to the cent. No half cent occurs at 19 %: gross × 19 / 119 ends in ,5 only when 119 divides 2 × gross × 19,
 * i.e. when gross is a multiple of 119, and then the quotient is whole.
 */
export const vatOf = (grossCents: number, rate = 19) => Math.round((grossCents * rate) / (100 + rate));

/** Euros as the API answers them, in cents (the answers carry two decimals at most). */
export const centsOf = (euros: number | undefined) => Math.round((euros ?? 0) * 100);

/** A German amount as a page or mail writes it ("1.234,56 €", "−4,90 €") in cents. */
export function germanCents(text: string): number {
  const match = /(−|-)?\s*([\d.]+),(\d{2})\s*€/.exec(text.replace(/\u00a0/g, ' '));
  if (!match) throw new Error(`no euro amount in "${text}"`);
  const value = Number(match[2]!.replaceAll('.', '')) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

/** The amount on the sandbox payment page ("Betrag"). */
export function pageAmountCents(html: string): number {
  const match = /<dt>Betrag<\/dt><dd>([^<]*)<\/dd>/.exec(html);
  if (!match) throw new Error('the payment page names no amount');
  return germanCents(match[1]!.replaceAll('&nbsp;', ' '));
}

/** The amounts of the confirmation mail's invoice (orderConfirmationMail.ts), each in cents. */
export function mailAmounts(text: string) {
  const lineOf = (start: string) => text.split('\n').find((line) => line.startsWith(start));
  const amount = (start: string) => {
    const line = lineOf(start);
    return line === undefined ? 0 : line.endsWith('kostenlos') ? 0 : germanCents(line.slice(start.length));
  };
  const lineTotals = text
    .split('\n')
    .filter((line) => /^ {3}\d+ × .* = /.test(line))
    .map((line) => germanCents(line.slice(line.lastIndexOf(' = ') + 3)));
  return {
    lineTotals,
    subtotal: amount('Zwischensumme:'),
    quantityDiscount: 0 - amount('Mengenrabatt:'),
    coupon: 0 - amount('Rabatt (Gutschein'),
    shipping: amount('Versand'),
    net: amount('Nettobetrag:'),
    vat: amount('zzgl. 19 % USt.:'),
    gross: amount('Gesamtbetrag:'),
  };
}

/** The Rechnungsausgangsbuch CSV (registerCsv.ts) as rows of its header's names, amounts in cents. */
export function registerRows(csv: string) {
  const [head, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  const names = cellsOf(head!);
  const money = (cell: string | undefined) => (cell ? Math.round(Number(cell.replace(',', '.')) * 100) : 0);
  return lines.map((line) => {
    const cells = cellsOf(line);
    const at = (name: string) => cells[names.indexOf(name)];
    return {
      number: at('Belegnummer')!,
      kind: at('Belegart')!,
      orderNumber: at('Bestellnummer')!,
      net: money(at('Netto 19 %')),
      vat: money(at('USt 19 %')),
      gross: money(at('Brutto')),
      corrects: at('Berichtigt Rechnung') ?? '',
    };
  });
}

/** Runs `check` with the seed in the failure's message, so a failure can be replayed with LP_MONEY_SEED. */
export async function withSeed(seed: number, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof Error) error.message = `LP_MONEY_SEED=${seed}: ${error.message}`;
    console.error(`money agreement failed; replay with LP_MONEY_SEED=${seed}`);
    throw error;
  }
}

/** A refund's amount as the operator types it for `lp-api orders refund --amount` (decimal comma). */
export const typedAmount = (cents: number) =>
  `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

export const expectCents = (actual: number, expected: number, what: string) =>
  expect(actual, what).toBe(expected);
