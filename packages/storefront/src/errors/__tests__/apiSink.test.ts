import { LpError } from '@lp/sdk';
import { describe, expect, it, vi } from 'vitest';
import { apiSink } from '../apiSink';
import { type ErrorReport, createErrorReporter } from '../errorReporter';

type Request = (method: string, path: string, options?: { body?: unknown }) => Promise<unknown>;

function fakeSdk(request: Request = () => Promise.resolve(undefined)) {
  const spy = vi.fn(request);
  return { sdk: { client: { baseUrl: '', request: spy } } as never, spy };
}

const report = (overrides: Partial<ErrorReport> = {}): ErrorReport => ({
  severity: 'error',
  component: 'ProductView',
  message: 'boom',
  error: new Error('boom'),
  url: 'http://127.0.0.1:3000/kategorie/auto',
  ...overrides,
});

describe('apiSink (spec 8, issue 5)', () => {
  it('posts severity, component, message and url to POST /api/ClientErrors', () => {
    const { sdk, spy } = fakeSdk();
    apiSink(sdk)(report());
    expect(spy).toHaveBeenCalledWith('POST', '/api/ClientErrors', {
      body: {
        severity: 'error',
        component: 'ProductView',
        message: 'boom',
        url: 'http://127.0.0.1:3000/kategorie/auto',
      },
      timeoutMs: 5000,
    });
  });

  it('sends identical reports once within 10 s and again after', () => {
    let now = 1_000;
    const { sdk, spy } = fakeSdk();
    const sink = apiSink(sdk, { now: () => now });
    sink(report());
    now += 9_999;
    sink(report());
    expect(spy).toHaveBeenCalledTimes(1);
    sink(report({ message: 'other' }));
    sink(report({ severity: 'warning' }));
    expect(spy).toHaveBeenCalledTimes(3);
    now += 1;
    sink(report());
    expect(spy).toHaveBeenCalledTimes(4);
  });

  it('sends at most 20 reports per page view', () => {
    const { sdk, spy } = fakeSdk();
    const sink = apiSink(sdk);
    for (let i = 0; i < 50; i++) sink(report({ message: `error ${i}` }));
    expect(spy).toHaveBeenCalledTimes(20);
  });

  it('never throws with a failing sdk, whether it rejects or throws at once', async () => {
    const rejecting = fakeSdk(() => Promise.reject(new Error('offline')));
    const throwing = fakeSdk(() => {
      throw new Error('sync');
    });
    expect(() => apiSink(rejecting.sdk)(report())).not.toThrow();
    expect(() => apiSink(throwing.sdk)(report())).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0)); // an unhandled rejection would fail the run
    expect(rejecting.spy).toHaveBeenCalledTimes(1);
  });

  it('cuts oversize fields to the API limits and drops urls that are not http(s)', () => {
    const { sdk, spy } = fakeSdk();
    apiSink(sdk)(
      report({ component: 'c'.repeat(500), message: 'm'.repeat(5000), url: 'file:///etc/passwd' }),
    );
    const body = spy.mock.calls[0]?.[2]?.body as Record<string, string | undefined>;
    expect(body.component).toHaveLength(200);
    expect(body.message).toHaveLength(2000);
    expect(body.url).toBeUndefined();
  });

  it.each([
    [
      'http://127.0.0.1:3000/thank-you/0f8fad5b-d9cb-469f-a165-70867728950e',
      'http://127.0.0.1:3000/thank-you/:id',
    ],
    [
      'https://shop.example.de/account/confirm?token=Zm9vYmFy&email=a%40b.de#x',
      'https://shop.example.de/account/confirm',
    ],
    [
      'https://shop.example.de/cart?cart=0f8fad5b-d9cb-469f-a165-70867728950e',
      'https://shop.example.de/cart',
    ],
    ['https://shop.example.de/x/erika%40example.de/', 'https://shop.example.de/x/:id/'],
    ['https://shop.example.de', 'https://shop.example.de/'],
  ])('sends %s as %s: no tokens, guids or addresses leave the browser (session 11)', (sent, posted) => {
    const { sdk, spy } = fakeSdk();
    apiSink(sdk)(report({ url: sent }));
    expect(spy.mock.calls[0]?.[2]?.body).toMatchObject({ url: posted });
  });

  it('fills an empty message and component so the API does not refuse the report', () => {
    const { sdk, spy } = fakeSdk();
    apiSink(sdk)(report({ component: '', message: '' }));
    expect(spy.mock.calls[0]?.[2]?.body).toMatchObject({ component: 'unknown', message: '(no message)' });
  });

  it('gets reports from the reporter next to the console sink', () => {
    const { sdk, spy } = fakeSdk();
    const reporter = createErrorReporter([]);
    reporter.addSink(apiSink(sdk));
    reporter.report(new Error('kaputt'), 'window');
    expect(spy.mock.calls[0]?.[2]?.body).toMatchObject({
      severity: 'error',
      component: 'window',
      message: 'kaputt',
    });
  });

  it('files a shopper without connection (network, time-out) as a warning, a fault of the shop as an error', () => {
    const { sdk, spy } = fakeSdk();
    const reporter = createErrorReporter([]);
    reporter.addSink(apiSink(sdk));
    reporter.report(new LpError('network', 'The network failed.'), 'ProductView');
    reporter.report(new LpError('timeout', 'The request timed out.'), 'CheckoutPage', 'error');
    reporter.report(
      new LpError('http', 'An unexpected server error occurred.', { status: 500 }),
      'CheckoutPage',
    );
    reporter.report(new LpError('invalidResponse', 'The answer was not JSON.'), 'ProductView');
    expect(
      spy.mock.calls.map((call) => (call[2]?.body as { severity?: string } | undefined)?.severity),
    ).toEqual(['warning', 'warning', 'error', 'error']);
  });
});
