import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { holder as holderFixture } from '../../../../__tests__/fixtures';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { apiSink } from '../../../errors/apiSink';
import { ProductView } from '../ProductView';

const holder = holderFixture();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The shop's API as the test needs it: the add finds no connection, or the shop fails it (500); the error reports
 * (POST /api/ClientErrors) arrive and are kept, as the shop's error store would keep them.
 */
function shopApi(add: 'offline' | 'fault', stored: unknown[]): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/api/ClientErrors')) {
      stored.push(JSON.parse(String(init?.body)));
      return new Response(null, { status: 204 });
    }
    if (add === 'offline') throw new TypeError('Failed to fetch');
    return json(500, { status: 500, code: 'internal', message: 'Internal Server Error' });
  }) as typeof fetch;
}

async function reportsOfFailedAdd(add: 'offline' | 'fault') {
  const stored: unknown[] = [];
  const { sdk, reporter } = renderWithShop(<ProductView product={holder} upsell={[]} />, {
    fetch: shopApi(add, stored),
  });
  reporter.addSink(apiSink(sdk));
  fireEvent.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
  await waitFor(() => expect(stored).toHaveLength(1));
  return stored;
}

describe('a failed "In den Warenkorb" in the shop’s error reports', () => {
  it('files a shopper without connection as a warning, not as an error of the shop', async () => {
    expect(await reportsOfFailedAdd('offline')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        component: 'ProductView',
        message: 'The network failed.',
      }),
    ]);
  });

  it('still reports a fault of the shop as an error', async () => {
    expect(await reportsOfFailedAdd('fault')).toEqual([
      expect.objectContaining({
        severity: 'error',
        component: 'ProductView',
        message: 'An unexpected server error occurred.',
      }),
    ]);
  });
});
