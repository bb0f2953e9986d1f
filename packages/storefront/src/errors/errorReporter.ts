/** spec 8: unhandled errors go to an error-reporting service with severity 'error' and component context. */
export interface ErrorReport {
  severity: 'error' | 'warning';
  /** Where it happened, e.g. 'ProductPage' or 'route:/kategorie/:idOrName'. */
  component: string;
  message: string;
  error: unknown;
  url?: string;
}

export type ErrorSink = (report: ErrorReport) => void;

export interface ErrorReporter {
  report(error: unknown, component: string, severity?: ErrorReport['severity']): void;
  /** Plugs in another sink (a hosted error service); returns a function that removes it. */
  addSink(sink: ErrorSink): () => void;
}

const consoleSink: ErrorSink = (report) => {
  // The default sink; a hosted service plugs in with addSink().
  console.error(`[${report.severity}] ${report.component}: ${report.message}`);
};

/**
 * The pluggable reporter. Never throws into the caller (CONVENTIONS: logging never throws), also when a sink
 * fails.
 *
 * @example
 * const reporter = createErrorReporter();
 * reporter.addSink((r) => fetch('/errors', { method: 'POST', body: JSON.stringify(r) }));
 * reporter.report(new Error('x'), 'ProductPage');
 */
export function createErrorReporter(sinks: ErrorSink[] = [consoleSink]): ErrorReporter {
  const active = new Set(sinks);
  return {
    report(error, component, severity = 'error') {
      const message = error instanceof Error ? error.message : String(error);
      const url = typeof location === 'undefined' ? undefined : location.href;
      for (const sink of active) {
        try {
          sink({ severity, component, message, error, url });
        } catch {
          // a broken sink must not break the page
        }
      }
    },
    addSink(sink) {
      active.add(sink);
      return () => void active.delete(sink);
    },
  };
}
