import { type Sdk, isLpError } from '@lp/sdk';
import { clientErrorPaths, reportUrl } from '@lp/sdk/contract';
import type { ErrorReport, ErrorSink } from './errorReporter';

export interface ApiSinkOptions {
  /** Identical reports within this window are sent once. @default 10_000 */
  dedupeMs?: number;
  /** At most this many reports per page view (one sink per page load). @default 20 */
  maxReports?: number;
  now?: () => number;
}

/**
 * A request that never reached the shop or had no answer in time (SDK codes `network`, `timeout`): a phone out of
 * signal, not a fault of the shop. The toasts narrow on the same codes (chrome/toastStore.ts); a module shared by the
 * two would be one more chunk in every page's import map.
 */
const connectionLost = (error: unknown) =>
  isLpError(error) && (error.code === 'network' || error.code === 'timeout');

// The API's limits (POST /api/ClientErrors); longer values are cut so a report is never refused for its size.
const COMPONENT_MAX = 200;
const TEXT_MAX = 2000;

/**
 * The page URL a report carries (data minimisation, session 11): `reportUrl`'s scheme, host and path, personal path
 * segments (/thank-you/<order guid>) as ':id'. The query and fragment stay in the browser (confirmation tokens,
 * e-mail addresses, a handed-over cart's guid).
 */
function httpUrl(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  try {
    const kept = reportUrl(new URL(url));
    return kept.length <= TEXT_MAX ? kept : undefined;
  } catch {
    return undefined;
  }
}

/**
 * spec 8 / issue 5: sends error reports to the shop API, which stores them; a lost connection (`connectionLost`) goes
 * as a 'warning', whatever severity its caller gave. Fire-and-forget and never throws; identical reports within
 * 10 s go once and a page view sends at most 20, so a broken page cannot flood the API.
 * Relative API paths go through the storefront's /api proxy with the anti-forgery header (DESIGN 2).
 *
 * @example
 * const reporter = createErrorReporter();
 * reporter.addSink(apiSink(sdk));
 */
export function apiSink(sdk: Pick<Sdk, 'client'>, options: ApiSinkOptions = {}): ErrorSink {
  const { dedupeMs = 10_000, maxReports = 20, now = Date.now } = options;
  const lastSent = new Map<string, number>();
  let sent = 0;
  return (report: ErrorReport) => {
    try {
      if (sent >= maxReports) return;
      const body = {
        // Whichever page reported it (the product page's add, the checkout): a lost connection is a warning.
        severity: connectionLost(report.error) ? 'warning' : report.severity,
        component: (report.component || 'unknown').slice(0, COMPONENT_MAX),
        message: (report.message || '(no message)').slice(0, TEXT_MAX),
        url: httpUrl(report.url),
      };
      const key = `${body.severity}\n${body.component}\n${body.message}\n${body.url ?? ''}`;
      const at = now();
      const previous = lastSent.get(key);
      if (previous !== undefined && at - previous < dedupeMs) return;
      lastSent.set(key, at);
      sent++;
      // A failed post is dropped, never reported again (that would loop through this sink).
      void sdk.client
        .request('POST', clientErrorPaths.report, { body, timeoutMs: 5000 })
        .catch(() => undefined);
    } catch {
      // the reporter must never break the page
    }
  };
}
