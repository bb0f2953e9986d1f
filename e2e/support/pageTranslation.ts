// What a browser's page translation (Chrome's "Übersetzen", Google Translate, Edge) does to the shop, for the
// translated-page tests. The translator takes each text node out of the page and puts the translation in its place
// inside a nested pair of <font> elements, marks <html> with the target language and `translated-ltr`, and keeps
// translating what the page adds or changes later. React still holds the original text nodes: it writes new text
// into a node no longer on the page (the shopper sees the old text) and removes or inserts next to a node that is
// not there any more ("Failed to execute 'removeChild' on 'Node'", facebook/react#11538).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { presetConsent } from '../consent/consentWorld';
import { gotoHydrated } from './hydration';

/** What the simulated translation puts before every text it translated: a change a test can see. */
export const TRANSLATED_PREFIX = '[tr] ';

/** Options of {@link translatePages}. */
export interface PageTranslationOptions {
  /** The language written on `<html lang>`. @default 'tr' */
  lang?: string;
  /**
   * Translate inside open shadow roots too (the widget's elements). Extensions such as Immersive Translate and
   * Linguist walk them; whether Chrome's own translation does was not checked. @default true
   */
  shadowRoots?: boolean;
}

/**
 * Translates every page of the context once the storefront hydrated (`#root[data-hydrated]`, as a shopper clicks
 * "Übersetzen" after the page came up, or Chrome's "always translate German" does a moment after load); a page
 * without the storefront's root (the payment sandbox) is translated once it loaded. Text inside `translate="no"` or
 * `.notranslate`, scripts, styles and form fields stays as it is.
 *
 * @example
 * const context = await browser.newContext();
 * await translatePages(context);
 * const page = await context.newPage();
 * await gotoHydrated(page, `${shop.url}/cart`);
 * await isTranslated(page); // true once the translator went over the page
 */
export async function translatePages(
  context: BrowserContext,
  options: PageTranslationOptions = {},
): Promise<void> {
  await context.addInitScript(installTranslator, {
    prefix: TRANSLATED_PREFIX,
    lang: options.lang ?? 'tr',
    shadowRoots: options.shadowRoots ?? true,
  });
}

/**
 * A shopper's tab with the page translation on: a fresh context (cookie choice made, so the banner stays away), its
 * console and uncaught errors collected in `errors`, at `url` once hydrated and translated.
 *
 * @example
 * const { page, errors } = await openTranslated(browser, `${shop.url}/suche?q=halter`);
 */
export async function openTranslated(
  browser: Browser,
  url: string,
  options: { width?: number } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  await presetConsent(context, { statistics: false, marketing: false });
  await translatePages(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('close', () => void context.close().catch(() => undefined));
  await gotoHydrated(page, url);
  await page.waitForFunction(() => document.documentElement.classList.contains('translated-ltr'));
  return { page, errors };
}

/** `text` without the simulated translation's marks, spaces as one: what the page says, in German. */
export const untranslated = (text: string | null): string =>
  (text ?? '').split(TRANSLATED_PREFIX).join('').replace(/\s+/g, ' ').trim();

/** Errors other than the browser's notes on answers a test provokes (a wrong coupon's 404, a wrong login's 401). */
export const crashes = (errors: string[]): string[] =>
  errors.filter(
    (text) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(text),
  );

/** Whether the translator has gone over the page (the marks it leaves on `<html>`). */
export async function isTranslated(page: { evaluate<T>(fn: () => T): Promise<T> }): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains('translated-ltr'));
}

/**
 * Texts the page wrote into text nodes the translator had already taken off the page, since it loaded: each one is
 * something the shopper should see and does not (a count, a total, a heading that stays at its old value).
 */
export async function unseenTexts(page: { evaluate<T>(fn: () => T): Promise<T> }): Promise<string[]> {
  return page.evaluate(() => [
    ...((window as unknown as { __lpUnseenText?: string[] }).__lpUnseenText ?? []),
  ]);
}

/** Runs in the page before its own scripts (serialised by Playwright: no outside references). */
function installTranslator(settings: { prefix: string; lang: string; shadowRoots: boolean }): void {
  const ours = new WeakSet<Node>();
  const stale: string[] = [];
  const places = new WeakMap<Node, string>();
  // Where a text stood, for a message: up to three elements outwards, and the widget element around a shadow root.
  const placeOf = (node: Node): string => {
    const names: string[] = [];
    let element = node.parentElement;
    for (let depth = 0; element && depth < 3; depth++, element = element.parentElement) {
      const marks = element.classList.length ? `.${[...element.classList].join('.')}` : '';
      names.unshift(`${element.localName}${marks}`);
    }
    const root = node.getRootNode();
    if (root instanceof ShadowRoot) names.unshift(`${root.host.localName}::shadow`);
    return names.join(' > ');
  };
  Object.assign(window, { __lpUnseenText: stale });
  const lost = new MutationObserver((records) => {
    for (const record of records)
      if (!record.target.isConnected)
        stale.push(`${places.get(record.target) ?? ''}: ${record.target.nodeValue ?? ''}`);
  });
  const watched = new WeakSet<Node>();
  const skipped = 'script,style,noscript,textarea,template,title,[translate="no"],.notranslate';

  const skip = (text: Text): boolean => {
    const parent = text.parentElement;
    if (ours.has(text) || !parent || !(text.nodeValue ?? '').trim()) return true;
    return parent.closest(skipped) !== null;
  };

  const translateText = (text: Text): void => {
    if (skip(text)) return;
    const value = text.nodeValue ?? '';
    const lead = value.match(/^\s*/)?.[0] ?? '';
    const tail = value.match(/\s*$/)?.[0] ?? '';
    const outer = document.createElement('font');
    const inner = document.createElement('font');
    outer.style.verticalAlign = 'inherit';
    inner.style.verticalAlign = 'inherit';
    const translated = document.createTextNode(`${lead}${settings.prefix}${value.trim()}${tail}`);
    ours.add(translated);
    inner.append(translated);
    outer.append(inner);
    text.parentNode?.replaceChild(outer, text);
    // The page may still write to the node it holds: the shopper does not see that text.
    places.set(text, placeOf(outer));
    lost.observe(text, { characterData: true });
  };

  const walk = (root: Node): void => {
    if (root.nodeType === Node.TEXT_NODE) {
      translateText(root as Text);
      return;
    }
    if (root.nodeType !== Node.ELEMENT_NODE && root.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return;
    const texts: Text[] = [];
    const hosts: Element[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) texts.push(node as Text);
      else if (settings.shadowRoots && (node as Element).shadowRoot) hosts.push(node as Element);
    }
    for (const text of texts) translateText(text);
    for (const host of hosts) observe(host.shadowRoot as ShadowRoot);
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') translateText(record.target as Text);
      else for (const node of record.addedNodes) if (node.isConnected) walk(node);
    }
  });

  function observe(root: Node): void {
    if (!watched.has(root)) {
      watched.add(root);
      observer.observe(root, { childList: true, subtree: true, characterData: true });
    }
    walk(root);
  }

  const start = (): void => {
    document.documentElement.lang = settings.lang;
    document.documentElement.classList.add('translated-ltr');
    observe(document.body);
    // A widget element attaches its shadow root when it connects; the walk above finds it only if it came first.
    if (settings.shadowRoots)
      setInterval(() => {
        for (const host of document.querySelectorAll('*'))
          if (host.shadowRoot && !watched.has(host.shadowRoot)) observe(host.shadowRoot);
      }, 200);
  };

  // As a translator, which starts once the page has loaded: after the load event, the storefront's hydration mark,
  // and the next idle moment (the page's own follow-up work, such as a route's data, has begun).
  const ready = (): boolean => {
    if (document.readyState !== 'complete') return false;
    const root = document.getElementById('root');
    return root === null || root.hasAttribute('data-hydrated');
  };
  const wait = (): void => {
    if (ready()) requestIdleCallback(start);
    else requestAnimationFrame(wait);
  };
  if (window === window.top) wait();
}
