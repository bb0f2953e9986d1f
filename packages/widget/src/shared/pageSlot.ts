/**
 * A hidden slot of the page's one global, `window.LpWidget`, under a `Symbol.for(name)` key, made by `create` on
 * first use (no other global is created, and `for…in`/`Object.keys` of `LpWidget` do not list it). Every copy of
 * the widget code on the page (lp-widget.js, its lazy chunks, the module build) reaches the same value: the
 * SDKs and their cart, the loaded chunks, the modules the chunks reuse.
 *
 * @example
 * const chunks = pageSlot('lp.widget.chunks', () => ({}));
 */
export function pageSlot<T>(name: string, create: () => T): T {
  const page = window as unknown as { LpWidget?: Record<PropertyKey, unknown> };
  page.LpWidget ??= {};
  const host = page.LpWidget;
  const key = Symbol.for(name);
  // defineProperty's defaults: not enumerable, not writable, not configurable.
  if (!(key in host)) Object.defineProperty(host, key, { value: create() });
  return host[key] as T;
}
