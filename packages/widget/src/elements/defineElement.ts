import { type ComponentType, Fragment, h, render } from 'preact';
import { adoptStyles, type ElementStyles } from './adoptStyles';
import { checkListenersOf } from './checkEventType';

/** Set (to true) only by the script-tag build, lp-widget.js (tsup.config.ts). */
declare const LP_SCRIPT_TAG_BUILD: boolean | undefined;

/** Dispatches a `CustomEvent` from the host element; it bubbles and is composed (leaves the shadow root). */
export type Emit = (name: string, detail?: unknown) => boolean;

/** Props every component mounted by {@link defineElement} receives besides its attributes and properties. */
export interface ElementBaseProps {
  /** The custom element itself (light-DOM host). */
  host: HTMLElement;
  /** Fires `name` as a bubbling, composed `CustomEvent` with `detail` from the host. */
  emit: Emit;
}

/** Options of {@link defineElement}. */
export interface DefineElementOptions {
  /**
   * Observed attributes, kebab-case (`shop-url`). Each becomes a camelCase prop (`shopUrl`) holding the attribute
   * value or `null` when absent, and a reflecting property: setting `el.shopUrl = 'x'` writes the attribute,
   * `null`/`undefined` removes it.
   */
  attributes: readonly string[];
  /**
   * Properties that are not attributes (objects such as an SDK instance): stored on the element, passed as props
   * with the same name, never reflected. `undefined` until set.
   */
  properties?: readonly string[];
  /**
   * Render into an open shadow root.
   * @default true
   */
  shadow?: boolean;
  /** CSS for the shadow root: adopted as a constructable stylesheet, or a `<style>` element where unsupported. */
  styles?: ElementStyles;
}

/** `shop-url` -> `shopUrl`. */
export function camelCase(attribute: string): string {
  return attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * Registers a Preact component as a custom element (CONVENTIONS: one helper, like preact-custom-element's
 * `register`). Attributes map to props and are mirrored by reflecting properties, `null` means absent, events
 * bubble and are composed, the shadow root is open and styled by constructable stylesheets. Defining a tag that
 * already exists is a no-op (the widget may be loaded twice on one page), so the first definition wins.
 *
 * @returns the element class (the existing one when the tag was already defined).
 * @example
 * function Hello({ name, emit }: { name: string | null } & ElementBaseProps) {
 *   return <button type="button" onClick={() => emit('lp-change', { name })}>Hallo {name ?? 'Welt'}</button>;
 * }
 * defineElement('lp-hello', Hello, { attributes: ['name'], styles: ':host { display: block }' });
 * // <lp-hello name="Anna"></lp-hello>; document.querySelector('lp-hello').name = 'Ben';
 */
export function defineElement(
  tag: string,
  // biome-ignore lint/suspicious/noExplicitAny: each element declares its own props; the helper passes them by name.
  Component: ComponentType<any>,
  options: DefineElementOptions,
): CustomElementConstructor | undefined {
  if (typeof customElements === 'undefined') return undefined; // server rendering: nothing to define
  const existing = customElements.get(tag);
  if (existing) return existing;

  const attributes = [...options.attributes];
  const properties = [...(options.properties ?? [])];
  const shadow = options.shadow !== false;

  // No class field initialisers: for its es2020 target esbuild lowers them to a `__publicField` helper that costs
  // lp-widget.js 82 B gzip of its 20 KB budget (DESIGN 7), so the constructor assigns them.
  class LpElement extends HTMLElement {
    static get observedAttributes(): string[] {
      return attributes;
    }
    /** Values of the non-attribute properties. */
    declare private readonly values: Record<string, unknown>;
    declare private mountPoint: ShadowRoot | HTMLElement | null;
    declare private fallbackCss: string | null;
    declare private connected: boolean;
    declare private readonly emit: Emit;

    constructor() {
      super();
      this.values = {};
      this.mountPoint = null;
      this.fallbackCss = null;
      this.connected = false;
      this.emit = (name, detail) =>
        this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
    }

    connectedCallback(): void {
      this.connected = true;
      if (!this.mountPoint) {
        upgradeProperties(this, [...attributes.map(camelCase), ...properties]);
        if (shadow) {
          const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
          this.fallbackCss = options.styles ? adoptStyles(root, options.styles) : null;
          this.mountPoint = root;
        } else {
          this.mountPoint = this;
        }
      }
      this.update();
    }

    disconnectedCallback(): void {
      this.connected = false;
      if (this.mountPoint) render(null, this.mountPoint);
    }

    attributeChangedCallback(): void {
      if (this.connected) this.update();
    }

    private update(): void {
      if (!this.mountPoint) return;
      const props: Record<string, unknown> = { host: this, emit: this.emit };
      for (const name of attributes) props[camelCase(name)] = this.getAttribute(name);
      for (const name of properties) props[name] = this.values[name];
      const content = h(Component as ComponentType<Record<string, unknown>>, props);
      // Only where adoptedStyleSheets is missing does the CSS travel as a <style> element inside the tree.
      render(
        this.fallbackCss === null ? content : h(Fragment, null, h('style', null, this.fallbackCss), content),
        this.mountPoint,
      );
    }

    /** Used by property setters. */
    setValue(name: string, value: unknown): void {
      this.values[name] = value;
      if (this.connected) this.update();
    }

    getValue(name: string): unknown {
      return this.values[name];
    }
  }

  for (const name of attributes) {
    Object.defineProperty(LpElement.prototype, camelCase(name), {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return this.getAttribute(name);
      },
      set(this: HTMLElement, value: unknown) {
        if (value === null || value === undefined || value === false) this.removeAttribute(name);
        else this.setAttribute(name, value === true ? '' : String(value));
      },
    });
  }
  for (const name of properties) {
    Object.defineProperty(LpElement.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: LpElement) {
        return this.getValue(name);
      },
      set(this: LpElement, value: unknown) {
        this.setValue(name, value);
      },
    });
  }

  // React 19 turns a camel-case `onLpAddToCart` prop into a listener for `LpAddToCart`: say so in the console
  // (./checkEventType). Left out of lp-widget.js, which has no room for it under its 20 KB budget (DESIGN 7); the
  // ES module build that bundlers and React apps use carries it.
  if (typeof LP_SCRIPT_TAG_BUILD === 'undefined') checkListenersOf(LpElement, tag);
  customElements.define(tag, LpElement);
  return LpElement;
}

/**
 * Keeps values a page set on an element before its definition loaded (the script tag is `async`): an own property
 * would shadow the prototype accessor, so it is removed and replayed through the accessor.
 */
export function upgradeProperties(element: HTMLElement, names: readonly string[]): void {
  for (const name of names) {
    if (Object.hasOwn(element, name)) {
      const value = (element as unknown as Record<string, unknown>)[name];
      delete (element as unknown as Record<string, unknown>)[name];
      (element as unknown as Record<string, unknown>)[name] = value;
    }
  }
}
