// What a shopper with low vision notices, measured in the page (session 25, lowvision): each function is handed to
// page.evaluate, so it must not use anything from this module's scope. Widgets draw in shadow roots: the probes
// follow focus and controls into them.
import type { Page } from 'playwright-core';

export interface FocusedControl {
  /** Tag, class and name, for a readable failure. */
  name: string;
  /** Contrast of the focus ring's colour against the nearest painted background behind the control. */
  ringContrast: number;
  /** The ring as computed: style and width in px. */
  ringStyle: string;
  ringWidth: number;
  /** How many of 15 points spread over the control a shopper sees (inside the viewport, under nothing else). */
  seenPoints: number;
  /** Points inside the viewport at all (0: the browser did not bring it into view). */
  inViewport: number;
  /** Whether this is the control the walk began with (window.lvWalkStart), so the walk has come round. */
  again: boolean;
}

/** The control that has focus, followed into shadow roots, measured; null when focus is on the page itself. */
export const measureFocused = (page: Page): Promise<FocusedControl | null> =>
  page.evaluate(() => {
    let root: Document | ShadowRoot = document;
    let element = document.activeElement as HTMLElement | null;
    while (element?.shadowRoot?.activeElement) {
      root = element.shadowRoot;
      element = element.shadowRoot.activeElement as HTMLElement;
    }
    if (!element || element === document.body) return null;
    const focused = element;
    const box = focused.getBoundingClientRect();
    let seenPoints = 0;
    let inViewport = 0;
    for (const fx of [0.1, 0.3, 0.5, 0.7, 0.9])
      for (const fy of [0.15, 0.5, 0.85]) {
        const x = box.x + box.width * fx;
        const y = box.y + box.height * fy;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        inViewport++;
        const top = root.elementFromPoint(x, y);
        if (top && (focused.contains(top) || top.contains(focused))) seenPoints++;
      }
    const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? ['0', '0', '0']).map(Number);
    const luminance = (colour: string) => {
      const [r = 0, g = 0, b = 0] = channels(colour).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    // The ring sits 2 px outside the control: on the background of the first ancestor that paints one.
    let background = 'rgb(255, 255, 255)';
    for (let node: Element | null = focused.parentElement; node; ) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') {
        background = colour;
        break;
      }
      node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
    }
    const walk = window as unknown as { lvWalkStart?: Element };
    const again = walk.lvWalkStart === focused;
    walk.lvWalkStart ??= focused;
    const style = getComputedStyle(focused);
    const ring = luminance(style.outlineColor);
    const behind = luminance(background);
    const labelled = focused as HTMLInputElement;
    const label = (
      focused.getAttribute('aria-label') ??
      labelled.labels?.[0]?.textContent ??
      (focused.textContent || labelled.placeholder) ??
      ''
    )
      .replace(/\s+/g, ' ')
      .trim();
    return {
      name: `${focused.tagName.toLowerCase()}.${focused.className} "${label.slice(0, 40)}"`,
      ringContrast:
        Math.round(((Math.max(ring, behind) + 0.05) / (Math.min(ring, behind) + 0.05)) * 100) / 100,
      ringStyle: style.outlineStyle,
      ringWidth: Number.parseFloat(style.outlineWidth),
      seenPoints,
      inViewport,
      again,
    };
  });

/**
 * Interactive elements (page and shadow roots) smaller than 24 × 24 CSS px whose 24 px circle touches another;
 * `within` (a selector) keeps to a dialog whose page behind cannot be reached.
 */
export const crampedTargets = (page: Page, within = 'html'): Promise<string[]> =>
  page.evaluate((within) => {
    const controls = 'a, button, input, select, textarea, summary, [role="button"]';
    // (a selector in a shadow root sees no ancestor outside it: the whole page is asked for without one)
    const selector = within === 'html' ? controls : `:is(${within}) :is(${controls})`;
    const roots: (Document | ShadowRoot)[] = [document];
    for (const host of document.querySelectorAll('*')) if (host.shadowRoot) roots.push(host.shadowRoot);
    const targets = roots
      .flatMap((root) => [...root.querySelectorAll<HTMLElement>(selector)])
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        // WCAG 2.5.8's inline exception: a link inside a sentence keeps the line's height.
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'inline';
      });
    const measured = targets.map((element) => {
      // A checkbox or radio inside its label is as big as the label: a tap on the words ticks it.
      const label = element.matches('input') ? element.closest('label') : null;
      return { element, box: (label ?? element).getBoundingClientRect() };
    });
    const found: string[] = [];
    for (const { element, box } of measured) {
      if (box.width >= 24 && box.height >= 24) continue;
      // The spacing exception: a 24 px circle on the target's centre that meets no other target.
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      const near = measured.find(({ element: other, box: o }) => {
        if (other === element || other.contains(element) || element.contains(other)) return false;
        return Math.hypot(Math.max(o.x - cx, 0, cx - o.right), Math.max(o.y - cy, 0, cy - o.bottom)) < 12;
      });
      if (!near) continue;
      const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30);
      found.push(
        `${element.tagName.toLowerCase()} "${label}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
    return found;
  }, within);

/** WCAG 1.4.12: the spacing a shopper's bookmarklet sets, in the page and in every shadow root. */
export const applyTextSpacing = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const css =
      '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';
    // Constructed sheets: the shop's style-src 'self' refuses a <style> element, as it should.
    const sheet = () => {
      const made = new CSSStyleSheet();
      made.replaceSync(css);
      return made;
    };
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet()];
    for (const host of document.querySelectorAll('*'))
      if (host.shadowRoot)
        host.shadowRoot.adoptedStyleSheets = [...host.shadowRoot.adoptedStyleSheets, sheet()];
  });

/** Boxes that cut their text off (overflow hidden or clip, content larger than the box); visually hidden ones aside. */
export const clippedBoxes = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (const host of document.querySelectorAll('*')) if (host.shadowRoot) roots.push(host.shadowRoot);
    const found: string[] = [];
    for (const element of roots.flatMap((root) => [...root.querySelectorAll<HTMLElement>('*')])) {
      const style = getComputedStyle(element);
      if (!/hidden|clip/.test(`${style.overflowX} ${style.overflowY}`) || element.clientHeight <= 1) continue;
      if (element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1)
        found.push(
          `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 30)}"`,
        );
    }
    return found;
  });

/** Elements (page and shadow roots) that still move when the shopper asked for reduced motion. */
export const movingElements = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (const host of document.querySelectorAll('*')) if (host.shadowRoot) roots.push(host.shadowRoot);
    const found: string[] = [];
    for (const element of [
      document.documentElement,
      ...roots.flatMap((root) => [...root.querySelectorAll('*')]),
    ]) {
      const style = getComputedStyle(element);
      const transition = style.transitionDuration
        .split(',')
        .some((duration) => Number.parseFloat(duration) > 0);
      if (transition || style.animationName !== 'none' || style.scrollBehavior === 'smooth')
        found.push(`${element.tagName.toLowerCase()}.${element.className}`);
    }
    return found;
  });
