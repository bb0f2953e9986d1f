import type { LpSdk } from '../sdkRegistry';
import { definePrintEditor, PRINT_EDITOR_TAG } from './definePrintEditor';

export interface MountPrintEditorOptions {
  api?: string;
  company?: string;
  /** Printable holder UniqueId or alias. */
  product?: string;
  fontUrl?: string;
  /** Where `lp-close` hands the cart over (`${shopUrl}/cart?cartGuid=…`). */
  shopUrl?: string;
  /** Dealer id credited with the order. */
  dealer?: string;
  /** An SDK instance of the host application (shares its cart). */
  sdk?: LpSdk;
  onClose?(detail: {
    reason: 'back' | 'ordered';
    url?: string;
    cartGuid: string | null;
    handoffUrl: string;
  }): void;
  onAddToCart?(detail: { productUniqueId: string; url: string }): void;
  onError?(detail: { code: string; message: string; error?: unknown }): void;
}

export interface MountedPrintEditor {
  element: HTMLElement;
  destroy(): void;
}

/**
 * Framework-free mount for hosts that are not plain HTML (the storefront's React wrapper): defines the element,
 * creates it inside `container`, wires the callbacks and returns a handle to remove it again.
 *
 * @example
 * const editor = mountPrintEditor(document.getElementById('editor')!, { api: '/api', onClose: () => history.back() });
 * // later: editor.destroy();
 */
export function mountPrintEditor(
  container: Element,
  options: MountPrintEditorOptions = {},
): MountedPrintEditor {
  definePrintEditor();
  const element = document.createElement(PRINT_EDITOR_TAG);
  const attributes: [string, string | undefined][] = [
    ['api', options.api],
    ['company', options.company],
    ['product', options.product],
    ['font-url', options.fontUrl],
    ['shop-url', options.shopUrl],
    ['dealer', options.dealer],
  ];
  for (const [name, value] of attributes) if (value !== undefined) element.setAttribute(name, value);
  if (options.sdk) (element as unknown as { sdk: LpSdk }).sdk = options.sdk;
  const listeners: [string, ((detail: never) => void) | undefined][] = [
    ['lp-close', options.onClose],
    ['lp-add-to-cart', options.onAddToCart],
    ['lp-error', options.onError],
  ];
  const bound = listeners
    .filter((entry): entry is [string, (detail: never) => void] => entry[1] !== undefined)
    .map(([name, callback]) => {
      const listener = (event: Event) => callback((event as CustomEvent).detail as never);
      element.addEventListener(name, listener);
      return [name, listener] as const;
    });
  container.append(element);
  return {
    element,
    destroy() {
      for (const [name, listener] of bound) element.removeEventListener(name, listener);
      element.remove();
    },
  };
}
