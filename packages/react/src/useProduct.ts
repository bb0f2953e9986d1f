import type { LpError, Product, Sdk } from '@lp/sdk';
import { useEffect, useState } from 'react';
import { useLpSdk } from './useLpSdk';

/** What {@link useProduct} answers. */
export interface ProductResult {
  data: Product | null;
  error: LpError | null;
  loading: boolean;
}

interface Entry {
  promise: Promise<Product>;
  data?: Product;
}

// Per SDK instance (one per server request, one per browser page): products by alias, kept for its lifetime.
const caches = new WeakMap<Sdk, Map<string, Entry>>();

function cacheOf(sdk: Sdk): Map<string, Entry> {
  let cache = caches.get(sdk);
  if (!cache) {
    cache = new Map();
    caches.set(sdk, cache);
  }
  return cache;
}

/**
 * Loads a product by alias into the cache {@link useProduct} reads, once per SDK and alias (a failure is
 * forgotten, so the next call asks again). Await it before rendering on the server and before hydrating in the
 * browser, and both render the product: the browser's call is answered from the SDK's transfer state when the
 * server recorded it there.
 *
 * @example
 * await preloadProduct(sdk, 'kfz-kennzeichen');
 * hydrateRoot(container, <LpProvider sdk={sdk}><App /></LpProvider>);
 */
export function preloadProduct(sdk: Sdk, alias: string): Promise<Product> {
  const cache = cacheOf(sdk);
  const cached = cache.get(alias);
  if (cached) return cached.promise;
  const entry = {} as Entry;
  entry.promise = sdk
    .getCompany()
    .then((company) => sdk.catalogue.productByAlias(company.UniqueId, alias))
    .then(
      (data) => {
        entry.data = data;
        return data;
      },
      (error: unknown) => {
        cache.delete(alias);
        throw error;
      },
    );
  cache.set(alias, entry);
  return entry.promise;
}

/**
 * A catalogue product by alias: `{ loading, data, error }`. Components asking for the same alias share one
 * request. Requests start after mount, so the server renders `loading: true` unless the product was loaded with
 * {@link preloadProduct} before rendering (then the server and hydration render it at once).
 *
 * @example
 * const { data, loading, error } = useProduct('kfz-kennzeichen');
 * if (data) return <h1>{data.Title}</h1>;
 */
export function useProduct(alias: string): ProductResult {
  const sdk = useLpSdk();
  const cached = cacheOf(sdk).get(alias)?.data;
  const [result, setResult] = useState<{ sdk: Sdk; alias: string; data?: Product; error?: LpError }>();
  useEffect(() => {
    if (cached) return;
    let live = true;
    preloadProduct(sdk, alias).then(
      (data) => live && setResult({ sdk, alias, data }),
      (error: LpError) => live && setResult({ sdk, alias, error }),
    );
    return () => {
      live = false;
    };
  }, [sdk, alias, cached]);
  const current = result?.sdk === sdk && result.alias === alias ? result : undefined;
  const data = cached ?? current?.data ?? null;
  const error = data ? null : (current?.error ?? null);
  return { data, error, loading: !data && !error };
}
