// Hydration reports fail the browser tests, centrally: every context made by a browser of launchBrowser() is watched
// (console errors and warnings, uncaught page errors), and a test during which a page reported a hydration mismatch
// fails in afterEach, whatever the test itself checked. React's production build reports a mismatch only as a
// recoverable error: minified error #418 (markup differs), #419/#421/#422/#423 (hydration given up, the client
// renders instead) or, before React 19, #425 (text differs). The storefront hands them to its error reporter
// (entry-client's onRecoverableError), whose console sink logs "[warning] hydration: ..."; React's default handler
// reports them as uncaught errors (page errors).
import type { Browser, BrowserContext, ConsoleMessage, Page, WebError } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';

/** React's error codes for a mismatch found or given up while hydrating (https://react.dev/errors/<code>). */
export const HYDRATION_ERROR_CODES = [418, 419, 421, 422, 423, 425] as const;

const CODES = HYDRATION_ERROR_CODES.join('|');
const REPORT = new RegExp(
  `hydrat(?:e|ed|ing|ion)\\b|Minified React error #(?:${CODES})\\b|react\\.dev/errors/(?:${CODES})\\b`,
  'i',
);
/** Long messages are cut: a report names itself early, and a huge text must not make the check slow. */
const MAX_TEXT = 10_000;

/** Whether a console or page error text is React reporting a hydration mismatch. Anything but a string: false. */
export function isHydrationReport(text: unknown): boolean {
  if (typeof text !== 'string' || text === '') return false;
  return REPORT.test(text.slice(0, MAX_TEXT));
}

interface Report {
  page: Page | null;
  text: string;
}

let reports: Report[] = [];

function record(page: Page | null, text: string): void {
  if (isHydrationReport(text)) reports.push({ page, text: text.slice(0, 2_000) });
}

function watchContext(context: BrowserContext): void {
  context.on('console', (message: ConsoleMessage) => {
    const type = message.type();
    if (type === 'error' || type === 'warning') record(message.page(), message.text());
  });
  context.on('weberror', (webError: WebError) => {
    const error = webError.error();
    record(webError.page(), `${error.message}\n${error.stack ?? ''}`);
  });
}

/**
 * Watches every context (and so every page) the browser makes from now on. `browser.newPage()` makes its context
 * through `newContext`, so both are covered.
 */
export function guardHydration(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    watchContext(context);
    return context;
  };
  return browser;
}

/**
 * Takes (and clears) the hydration reports collected so far, of one page or of all: for a test that provokes a
 * mismatch on purpose and checks it was seen.
 */
export function takeHydrationReports(page?: Page): string[] {
  const taken = reports.filter((report) => page === undefined || report.page === page);
  reports = reports.filter((report) => !taken.includes(report));
  return taken.map((report) => report.text);
}

/** Throws when a page reported a hydration mismatch since the last check (the reports are cleared). */
export function assertNoHydrationReports(page?: Page): void {
  const taken = takeHydrationReports(page);
  if (taken.length === 0) return;
  const where = (text: string) => `  - ${text.split('\n')[0]}`;
  throw new Error(
    `React reported ${taken.length} hydration mismatch(es): server markup and client render differ.\n${taken.map(where).join('\n')}`,
  );
}

// Registered when a test file (through its world) imports the browser helpers: vitest runs each file in its own
// module scope, so every such file gets these hooks. afterAll catches reports of pages opened in beforeAll.
afterEach(() => assertNoHydrationReports());
afterAll(() => assertNoHydrationReports());
