/** `LpAddToCart` or `lpAddToCart`: an event name as React 19 derives it from a camel-case `onLp…` prop. */
const CAMEL_LP_EVENT = /^[Ll]p[A-Z]/;
const reported = new Set<string>();

/** `LpAddToCart` -> `lp-add-to-cart`. */
export function kebabEventType(type: string): string {
  return type.replace(/[A-Z]/g, (letter, at: number) => (at ? '-' : '') + letter.toLowerCase());
}

/**
 * Reports, once per tag and type, a listener for an event the elements never fire because of its spelling.
 * React 19 adds a listener for an `on…` prop of a custom element that names no property, with the rest of the
 * prop name as the type, case kept: `onLpAddToCart` listens for `LpAddToCart`, which never comes. The elements'
 * events are kebab-case (`lp-add-to-cart`), so the prop is `onlp-add-to-cart`. Never throws.
 *
 * @example
 * checkEventType('lp-plate-generator', 'LpAddToCart'); // console.error naming onlp-add-to-cart / lp-add-to-cart
 */
export function checkEventType(tag: string, type: string): void {
  if (!CAMEL_LP_EVENT.test(type) || reported.has(`${tag} ${type}`)) return;
  reported.add(`${tag} ${type}`);
  const kebab = kebabEventType(type);
  try {
    console.error(
      `<${tag}>: no event "${type}" exists, so its listener never fires; the events are kebab-case. ` +
        `Listen for "${kebab}"; in React 19 write the prop as on${kebab}, not on${type}.`,
    );
  } catch {
    // a replaced console must not break adding the listener
  }
}

/**
 * Gives an element class an `addEventListener` that runs {@link checkEventType} first. Only the class
 * {@link defineElement} creates, so no framework or built-in prototype is touched.
 */
export function checkListenersOf(elementClass: CustomElementConstructor, tag: string): void {
  const prototype = elementClass.prototype as HTMLElement;
  // The inherited method, looked up per call like `super.addEventListener` (a later patch of EventTarget, such
  // as zone.js, still applies).
  const parent = Object.getPrototypeOf(prototype) as HTMLElement;
  Object.defineProperty(prototype, 'addEventListener', {
    configurable: true,
    writable: true,
    value(this: HTMLElement, ...args: Parameters<HTMLElement['addEventListener']>) {
      checkEventType(tag, args[0]);
      parent.addEventListener.apply(this, args);
    },
  });
}
