/**
 * Carriers and tracking numbers as `lp-api orders ship` takes them and the order answers and the Versandbestätigung
 * show them. The tracking page is built here from a known carrier and a checked number, never taken from input.
 * Sources of the pages and number forms: decisions.md "An order in several parcels … (session 19, shipping2)".
 */

/** The carrier the shop ships with (seed: "Versand mit DHL"); `--carrier` defaults to it. */
export const DEFAULT_CARRIER = 'DHL';

interface KnownCarrier {
  /** The carrier's public tracking page for a checked number. */
  page: (number: string) => string;
  /** The number forms the carrier prints on its labels (after spaces are dropped and letters upper-cased). */
  forms: RegExp[];
  /** The forms in words, for the operator's error message. */
  described: string;
}

/** The Weltpostverein's (UPU S10) form of registered and tracked letters and parcels: "RR123456789DE". */
const UPU = /^[A-Z]{2}\d{9}[A-Z]{2}$/;
const dhlPage = (number: string) =>
  `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${encodeURIComponent(number)}`;

/**
 * The carriers the shop knows a public tracking page for, by their spelling (the operator may type any case). Another
 * carrier name is accepted (letters, digits, spaces, dots, dashes), shown as typed, without a tracking link, and its
 * number only checked for 6-40 letters and digits.
 */
const KNOWN: Record<string, KnownCarrier> = {
  DHL: {
    page: dhlPage,
    forms: [/^\d{12,20}$/, /^JJD\d{10,30}$/, UPU],
    described: '12-20 digits, JJD followed by digits, or two letters, nine digits, two letters',
  },
  // Letters (Einschreiben, Warenpost): the group's one Sendungsverfolgung at dhl.de takes their numbers.
  'Deutsche Post': {
    page: dhlPage,
    forms: [UPU, /^[A-Z0-9]{12,20}$/],
    described: 'two letters, nine digits, two letters (RR123456789DE), or 12-20 letters and digits',
  },
  DPD: {
    page: (number) => `https://tracking.dpd.de/status/de_DE/parcel/${encodeURIComponent(number)}`,
    forms: [/^\d{14}$/],
    described: '14 digits',
  },
  Hermes: {
    page: (number) =>
      `https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#${encodeURIComponent(number)}`,
    forms: [/^\d{11,20}$/],
    described: '11-20 digits (international numbers without the EU in front)',
  },
  GLS: {
    page: (number) => `https://gls-group.eu/DE/de/paketverfolgung?match=${encodeURIComponent(number)}`,
    forms: [/^\d{11,12}$/, /^[A-Z0-9]{8}$/],
    described: 'the 11 or 12 digit parcel number or the 8 character Track-ID',
  },
  UPS: {
    page: (number) => `https://www.ups.com/track?loc=de_DE&tracknum=${encodeURIComponent(number)}`,
    forms: [/^1Z[A-Z0-9]{16}$/],
    described: '1Z followed by 16 letters and digits',
  },
};

/** The carriers with a tracking page, in their spelling. */
export const KNOWN_CARRIERS = Object.keys(KNOWN);

/** Own keys only: a carrier typed as "constructor" is another carrier, not Object's. */
const knownOf = (carrier: string) => (Object.hasOwn(KNOWN, carrier) ? KNOWN[carrier] : undefined);

/** A carrier name as typed, checked: 1-20 letters, digits, spaces, dots or dashes; the known ones in their spelling. */
export function normaliseCarrier(raw: string): string | undefined {
  const value = raw.trim().replace(/\s+/g, ' ');
  if (!/^[\p{L}\p{N}][\p{L}\p{N} .-]{0,19}$/u.test(value)) return undefined;
  return KNOWN_CARRIERS.find((known) => known.toLowerCase() === value.toLowerCase()) ?? value;
}

/**
 * A tracking number as the operator typed or scanned it, checked; undefined when it is none. Spaces are dropped and
 * letters upper-cased (labels print "JJD 0001 2345 …" in groups); what remains must be 6-40 letters and digits, so
 * markup, control characters and URLs never get in, and for a known carrier one of the forms it prints.
 */
export function normaliseTrackingNumber(raw: string, carrier: string): string | undefined {
  const value = raw.replace(/[ \u00a0]/g, '').toUpperCase();
  if (!/^[A-Z0-9]{6,40}$/.test(value)) return undefined;
  const known = knownOf(carrier);
  if (!known) return value;
  return known.forms.some((form) => form.test(value)) ? value : undefined;
}

/** The number forms of a known carrier in words (for the operator's message); undefined for another carrier. */
export function trackingForms(carrier: string): string | undefined {
  return knownOf(carrier)?.described;
}

/** The carrier's public tracking page for `trackingNumber`; null without a number or for a carrier without one. */
export function trackingUrl(carrier: string, trackingNumber: string | null): string | null {
  const known = knownOf(carrier);
  return known && trackingNumber ? known.page(trackingNumber) : null;
}
