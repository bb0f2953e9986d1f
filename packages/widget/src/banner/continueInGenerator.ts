import { configurationUrl } from '../readUrlConfiguration';

export interface HandOff {
  text: string;
  kind: string;
  /** CSS selector of the generator; default: the first `lp-plate-generator` of the page. */
  target: string | null;
  shopUrl: string;
  productAlias: string;
}

function findGenerator(from: Node, selector: string): HTMLElement | null {
  const root = from.getRootNode() as Document | ShadowRoot;
  try {
    return (
      (root.querySelector?.(selector) as HTMLElement | null) ??
      (document.querySelector(selector) as HTMLElement | null)
    );
  } catch {
    return null; // an invalid selector in the attribute: behave as if there were no generator
  }
}

/**
 * The banner's call to action. With a generator on the page it hands over text and type, scrolls to it and
 * focuses its text field; otherwise it opens the shop's product page with the configuration in the URL, where a
 * generator with `read-url` picks it up.
 *
 * @returns 'generator' or 'navigate', what happened.
 */
export function continueInGenerator(banner: HTMLElement, handOff: HandOff): 'generator' | 'navigate' {
  const generator = findGenerator(banner, handOff.target || 'lp-plate-generator');
  if (generator) {
    generator.setAttribute('kennzeichen', handOff.text);
    generator.setAttribute('type', handOff.kind);
    // The attributes may already hold these values while the shopper changed the generator since; the event
    // applies them again.
    generator.dispatchEvent(
      new CustomEvent('lp-configure', { detail: { kennzeichen: handOff.text, type: handOff.kind } }),
    );
    // An instant jump (the default, block 'start'): a smooth scroll would ignore prefers-reduced-motion.
    generator.scrollIntoView?.();
    // The attribute change re-renders the generator in a microtask; focus after it.
    setTimeout(() => {
      const input = generator.shadowRoot?.querySelector<HTMLInputElement>('input[name="kennzeichen"]');
      input?.focus({ preventScroll: true });
    }, 0);
    return 'generator';
  }
  const url = configurationUrl(handOff.shopUrl, handOff.productAlias, {
    kennzeichen: handOff.text,
    art: handOff.kind,
  });
  // The whole window, not a frame: /number-banner is made to be framed by dealers' pages, and the shop's other
  // pages refuse to render inside a foreign frame (frame-ancestors). Unframed, '_top' is this window.
  window.open(url, '_top');
  return 'navigate';
}
