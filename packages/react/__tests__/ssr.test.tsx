// @vitest-environment node
// Server rendering: no DOM globals at all, and the SDK must not be asked for anything.
import { createMemoryStorage } from '@lp/sdk';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { LpPlateGenerator, LpProvider, useCart, useProduct } from '../src/index';

function Header() {
  const count = useCart((cart) => cart.count);
  const { lines, status, priceSummary } = useCart();
  return (
    <header>
      Warenkorb: {count} ({lines.length} Positionen, {status}, {priceSummary.total} €)
    </header>
  );
}

function ProductTitle() {
  const { loading, data } = useProduct('kfz-kennzeichen');
  return <h1>{loading ? 'lädt' : data?.Title}</h1>;
}

describe('server rendering', () => {
  it('renders the empty cart, a loading product and the element tag without window or requests', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.reject(new Error('no requests on the server')),
    );
    const html = renderToString(
      <LpProvider options={{ baseUrl: 'http://127.0.0.1:9', fetch, storage: createMemoryStorage() }}>
        <Header />
        <ProductTitle />
        <LpPlateGenerator kennzeichen="B-AB 123" shop-url="/" onAddToCart={() => {}} />
      </LpProvider>,
    );
    expect(html).toContain('Warenkorb: <!-- -->0<!-- --> (<!-- -->0<!-- --> Positionen, <!-- -->idle');
    expect(html).toContain('<h1>lädt</h1>');
    expect(html).toContain('<lp-plate-generator kennzeichen="B-AB 123" shop-url="/"></lp-plate-generator>');
    expect(fetch).not.toHaveBeenCalled();
  });
});
