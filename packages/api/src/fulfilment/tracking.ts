/**
 * Carriers and tracking numbers as `lp-api orders ship` takes them and the order answers and the Versandbestätigung
 * show them. The tracking page is built here from a known carrier and a checked number, never taken from input.
 */

/** The carrier the shop ships with (seed: "Versand mit DHL"); `--carrier` defaults to it. */
export const DEFAULT_CARRIER = 'DHL';

/**
 * The carriers the shop knows a public tracking page for, by the name the operator types (any case). Another
 * carrier name is accepted (letters, digits, spaces, dashes), shown as typed, without a tracking link.
 */
const TRACKING_PAGES: Record<string, (number: string) => string> = {
  DHL: (number) =>
    `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${encodeURIComponent(number)}`,
};

/** A carrier name as typed, checked: 1-20 letters, digits, spaces, dots or dashes; the known ones in their spelling. */
export function normaliseCarrier(raw: string): string | undefined {
  const value = raw.trim().replace(/\s+/g, ' ');
  if (!/^[\p{L}\p{N}][\p{L}\p{N} .-]{0,19}$/u.test(value)) return undefined;
  return Object.keys(TRACKING_PAGES).find((known) => known.toLowerCase() === value.toLowerCase()) ?? value;
}

/**
 * A tracking number as the operator typed or scanned it, checked; undefined when it is none. Spaces are dropped and
 * letters upper-cased (labels print "JJD 0001 2345 …" in groups); what remains must be 6-40 letters and digits, so
 * markup, control characters and URLs never get in. For DHL the forms DHL prints: 12-20 digits (the "00340…" label
 * numbers are 20), "JJD" followed by digits, or an international letter number (two letters, nine digits, two
 * letters, "RR123456789DE").
 */
export function normaliseTrackingNumber(raw: string, carrier: string): string | undefined {
  const value = raw.replace(/[ \u00a0]/g, '').toUpperCase();
  if (!/^[A-Z0-9]{6,40}$/.test(value)) return undefined;
  if (carrier !== DEFAULT_CARRIER) return value;
  return /^\d{12,20}$/.test(value) || /^JJD\d{10,30}$/.test(value) || /^[A-Z]{2}\d{9}[A-Z]{2}$/.test(value)
    ? value
    : undefined;
}

/** The carrier's public tracking page for `trackingNumber`; null without a number or for a carrier without one. */
export function trackingUrl(carrier: string, trackingNumber: string | null): string | null {
  const page = TRACKING_PAGES[carrier];
  return page && trackingNumber ? page(trackingNumber) : null;
}
