// The storefront's order: React renders first, the widget's elements are defined later (its code loads after
// hydration). The SDK the wrapper set on the not yet upgraded element is the one the element uses.
import { createMemoryStorage } from '@lp/sdk';
import { defineElements } from '@lp/widget';
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { LpPlateGenerator, LpProvider } from '../src/index';

afterEach(() => cleanup());

describe('LpPlateGenerator defined after the render', () => {
  it('gets the provider SDK before its first render, so no other SDK asks anything', async () => {
    const stray = vi.spyOn(globalThis, 'fetch');
    const calls: string[] = [];
    const options = {
      baseUrl: inject('apiUrl'),
      storage: createMemoryStorage(),
      retries: 0,
      fetch: ((url, init) => {
        calls.push(String(url));
        return fetch(url, init);
      }) as typeof fetch,
    };
    const { container } = render(
      <LpProvider options={options} loadCart={false}>
        <LpPlateGenerator kennzeichen="B-AB 123" />
      </LpProvider>,
    );
    const element = container.querySelector('lp-plate-generator')!;
    expect(element.shadowRoot).toBeNull();
    defineElements({ editor: false });
    const form = within(element.shadowRoot as unknown as HTMLElement);
    await form.findByText(/inkl\. MwSt\./, undefined, { timeout: 10_000 });
    expect(calls.some((url) => url.includes('get-product-by-alias'))).toBe(true);
    expect(stray.mock.calls.length).toBe(calls.length);
  }, 30_000);
});
