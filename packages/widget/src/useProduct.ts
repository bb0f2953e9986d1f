import type { Product } from '@lp/sdk/contract';
import { useEffect, useState } from 'preact/hooks';
import { type LpSdk, loadProduct } from './sdkRegistry';

export type ProductState =
  | { status: 'loading'; product: null; error: null }
  | { status: 'ready'; product: Product; error: null }
  | { status: 'failed'; product: null; error: unknown };

/**
 * Loads the product by alias through the page's shared cache; `onError` hears a failure once. `retry()` loads it
 * again (a failed load leaves the cache, so the next attempt asks the API).
 */
export function useProduct(
  sdk: LpSdk,
  alias: string,
  onError: (error: unknown) => void,
): ProductState & { retry: () => void } {
  const [state, setState] = useState<ProductState>({ status: 'loading', product: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading', product: null, error: null });
    loadProduct(sdk, alias).then(
      (product) => live && setState({ status: 'ready', product, error: null }),
      (error: unknown) => {
        if (!live) return;
        setState({ status: 'failed', product: null, error });
        onError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [sdk, alias, attempt]);
  return { ...state, retry: () => setAttempt(attempt + 1) };
}
