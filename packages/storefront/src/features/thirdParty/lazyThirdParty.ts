/** Which consent a third party needs before it may load ('none': functional, loads on interaction alone). */
export type ThirdPartyConsent = 'none' | 'statistics' | 'marketing';

export interface ThirdPartyLoader {
  name: string;
  consent: ThirdPartyConsent;
  load: () => unknown;
}

/** spec 4: scroll triggers are throttled to 300 ms. */
export const SCROLL_THROTTLE_MS = 300;

export interface LazyThirdPartyOptions {
  /** Where interactions are listened for. @default window */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Receives loader failures (a failing third party never breaks the shop). */
  onError?: (error: unknown, name: string) => void;
}

export interface LazyThirdParty {
  /** Registers a loader; registering after the trigger (with consent) loads it at once. */
  register(loader: ThirdPartyLoader): void;
  /** Starts listening for the first scroll (throttled 300 ms), click or mouse move; loads after the next paint. */
  start(): void;
  /** Current consent; loaders waiting for it run when it arrives after the trigger. */
  setConsent(consent: { statistics: boolean; marketing: boolean }): void;
  /** Names of the loaders that ran. */
  loaded(): string[];
  /** Removes listeners and timers. */
  stop(): void;
}

const INSTANT_EVENTS = ['click', 'mousemove'] as const;

/**
 * spec 4: third-party scripts load lazily on the first scroll (throttled 300 ms), click or mouse move, each
 * loader once; loaders that need consent run only once that consent is given.
 *
 * @example
 * const lazy = createLazyThirdParty();
 * lazy.register({ name: 'reviews', consent: 'marketing', load: () => import('./reviewsWidget') });
 * lazy.start();
 */
export function createLazyThirdParty(options: LazyThirdPartyOptions = {}): LazyThirdParty {
  const target = options.target ?? window;
  const loaders: ThirdPartyLoader[] = [];
  const done = new Set<string>();
  let consent = { statistics: false, marketing: false };
  let triggered = false;
  let listening = false;
  let scrollTimer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;

  const allowed = (loader: ThirdPartyLoader) => loader.consent === 'none' || consent[loader.consent];
  const run = () => {
    if (!triggered) return;
    for (const loader of loaders) {
      if (done.has(loader.name) || !allowed(loader)) continue;
      done.add(loader.name);
      try {
        const result = loader.load();
        if (result instanceof Promise) result.catch((error) => options.onError?.(error, loader.name));
      } catch (error) {
        options.onError?.(error, loader.name);
      }
    }
  };
  const trigger = () => {
    detach();
    triggered = true;
    run();
  };
  // A click or mouse move starts the loaders after the next paint (a frame, then a task): the first tap on a page is
  // an interaction the shopper waits on, and their requests and module loads must not delay the paint that answers
  // it (INP). A task alone (setTimeout 0) may still run before that paint.
  const onInstant = () => {
    detach();
    const later = () => {
      scrollTimer = setTimeout(trigger, 0);
    };
    if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(later);
    else later();
  };
  const onScroll = () => {
    // Throttled: the first scroll arms one timer; further scrolls inside the window change nothing.
    scrollTimer ??= setTimeout(trigger, SCROLL_THROTTLE_MS);
  };
  const detach = () => {
    if (!listening) return;
    listening = false;
    clearTimeout(scrollTimer);
    target.removeEventListener('scroll', onScroll);
    for (const type of INSTANT_EVENTS) target.removeEventListener(type, onInstant);
  };

  return {
    register(loader) {
      if (loaders.some((known) => known.name === loader.name)) return;
      loaders.push(loader);
      run();
    },
    start() {
      if (listening || triggered) return;
      listening = true;
      target.addEventListener('scroll', onScroll, { passive: true });
      for (const type of INSTANT_EVENTS) target.addEventListener(type, onInstant, { passive: true });
    },
    setConsent(next) {
      consent = { statistics: next.statistics === true, marketing: next.marketing === true };
      run();
    },
    loaded: () => [...done],
    stop() {
      detach();
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(scrollTimer);
    },
  };
}
