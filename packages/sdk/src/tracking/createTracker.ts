import { COMPANY_ALIAS } from '../contract/constants';
import { LpError, nullParameterError } from '../errors';
import {
  TRACK_EVENTS,
  type TrackEventName,
  type TrackPayload,
  type TrackPush,
  buildPush,
} from './trackEvents';
import { CONSENT_RELEASE_MS, DATA_LAYER_RETRY_MS, MAX_PENDING, PENDING_EXPIRY_MS } from './trackerTiming';

/** Anything with `push`, such as `window.dataLayer`. */
export interface DataLayer {
  push(...entries: unknown[]): unknown;
}

/** Options of {@link createTracker}. */
export interface TrackerOptions {
  /** The data layer or a getter for it (it may appear later). @default () => globalThis.dataLayer */
  dataLayer?: DataLayer | (() => DataLayer | undefined | null);
  /** Initial consent. @default { marketing: false } */
  consent?: { marketing: boolean };
  /** Clock for the 60 s expiry. @default Date.now */
  now?: () => number;
  /** Receives problems (missing data layer, unknown event); tracking never throws. @default console.error */
  onError?: (error: LpError) => void;
  /** item_brand and affiliation of items without one. @default 'lp-de' */
  brand?: string;
}

/** The tracker returned by {@link createTracker}. */
export interface Tracker {
  /**
   * Pushes (or, without consent, queues) one GA4 ecommerce event.
   * @example tracker.track('view_item', { items: [{ item_id: 'FKZ-001', item_name: 'Funschild', price: 14.9, quantity: 1 }] });
   */
  track(event: TrackEventName, payload: TrackPayload): void;
  /**
   * Grants (release 200 ms later) or withdraws (drop pending) marketing consent. A refusal without earlier consent
   * also drops what is pending.
   * @example tracker.setConsent({ marketing: true });
   */
  setConsent(consent: { marketing: boolean }): void;
}

/**
 * GA4 ecommerce tracking with a consent queue (spec 4): events wait while marketing consent is missing, are
 * released 200 ms after it is granted, dropped when it is withdrawn and expire after 60 s. Each event is
 * preceded by `{ ecommerce: null }` as GA4 recommends. Never throws into the caller.
 *
 * @example
 * const tracker = createTracker({ consent: { marketing: false } });
 * tracker.track('add_to_cart', { items: [{ item_id: 'FKZ-001', item_name: 'Funschild', price: 14.9, quantity: 1 }] });
 * tracker.setConsent({ marketing: true }); // pushed 200 ms later
 */
export function createTracker(options: TrackerOptions = {}): Tracker {
  const { now = Date.now, brand = COMPANY_ALIAS, onError = console.error } = options;
  let consent = options.consent?.marketing === true;
  let released = consent;
  let releaseTimer: ReturnType<typeof setTimeout> | undefined;
  let pending: [TrackPush, number][] = [];

  const report = (error: LpError) => {
    try {
      onError(error);
    } catch {
      // a failing reporter must not break the shop
    }
  };
  const failed = (event: unknown, cause: unknown) =>
    report(new LpError('invalidParameter', `The event ${String(event)} could not be tracked.`, { cause }));
  const deliver = (push: TrackPush, retried?: boolean) => {
    try {
      const source = options.dataLayer ?? (() => (globalThis as { dataLayer?: DataLayer }).dataLayer);
      const layer = typeof source === 'function' ? source() : source;
      if (typeof layer?.push === 'function') {
        layer.push({ ecommerce: null });
        layer.push(push);
      } else if (retried) report(nullParameterError('dataLayer'));
      // spec 8: a missing data layer is retried once after 1 s, then reported.
      else setTimeout(() => consent && deliver(push, true), DATA_LAYER_RETRY_MS);
    } catch (cause) {
      failed(push.event, cause);
    }
  };
  const fresh = () => pending.filter(([, at]) => now() - at < PENDING_EXPIRY_MS);

  return {
    track(event, payload) {
      try {
        if (!TRACK_EVENTS.includes(event)) throw new TypeError('unknown event');
        const push = buildPush(event, payload, brand);
        if (released) return deliver(push);
        // spec 4: held while marketing consent is missing; expired entries go, the queue stays bounded.
        pending = fresh().slice(1 - MAX_PENDING);
        pending.push([push, now()]);
      } catch (cause) {
        failed(event, cause);
      }
    },
    setConsent(next) {
      const marketing = next?.marketing === true;
      // spec 4: withdrawing consent drops what is pending. Issue 13: a refusal is a withdrawal, also when consent
      // was never given, so events held while the shopper had not decided yet go too.
      if (!marketing) pending = [];
      if (marketing === consent) return;
      consent = marketing;
      released = false;
      clearTimeout(releaseTimer);
      // Granting consent releases the queue 200 ms later.
      if (marketing) {
        releaseTimer = setTimeout(() => {
          released = true;
          const ready = fresh();
          pending = [];
          for (const [push] of ready) deliver(push);
        }, CONSENT_RELEASE_MS);
      }
    },
  };
}
