/** Money travels as euros with two decimals and is stored as integer cents (no float drift in sums). */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

export function toEuros(cents: number): number {
  return Math.round(cents) / 100;
}
