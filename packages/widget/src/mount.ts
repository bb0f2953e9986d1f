import type { MountOptions, MountableTag } from './types/scriptTagGlobal';

const TAGS: readonly MountableTag[] = [
  'lp-plate-generator',
  'lp-banner-configurator',
  'lp-print-editor',
  'lp-cart-button',
];

function kebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * For pages that cannot write custom tags (CMS editors that strip unknown elements): creates the element inside
 * `container` (an element or a CSS selector) and returns it.
 *
 * @example
 * LpWidget.mount('#konfigurator', { attributes: { 'shop-url': 'https://shop.example' } });
 */
export function mount(container: Element | string, options: MountOptions = {}): HTMLElement {
  const parent = typeof container === 'string' ? document.querySelector(container) : container;
  if (!parent) throw new Error(`LpWidget.mount: no element matches ${String(container)}`);
  const tag = options.element ?? 'lp-plate-generator';
  if (!TAGS.includes(tag)) throw new Error(`LpWidget.mount: unknown element ${String(tag)}`);
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(options.attributes ?? {})) {
    if (value === null || value === undefined) continue;
    const attribute = name.includes('-') ? name : kebabCase(name);
    // Not a valid attribute name, or an inline event handler (never from data): skip, never throw midway.
    if (!/^[a-z][a-z0-9-]*$/.test(attribute) || attribute.startsWith('on')) continue;
    element.setAttribute(attribute, String(value));
  }
  for (const [name, listener] of Object.entries(options.on ?? {})) {
    element.addEventListener(name, listener as EventListener);
  }
  parent.append(element);
  return element;
}
