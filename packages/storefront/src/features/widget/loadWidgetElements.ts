import type { Sdk } from '@lp/sdk';

let loading: Promise<void> | undefined;

/**
 * Loads the widget's elements once, in their own chunk after hydration (not part of any route's initial JS),
 * and hands them the storefront's SDK (DESIGN 5): the header cart count and the widget share one cart store.
 */
export function loadWidgetElements(sdk: Sdk, api: string, company: string): Promise<void> {
  loading ??= import('@lp/widget')
    .then((widget) => {
      widget.provideSdk(sdk, { api, company });
      // The cart link of the widget points at this shop; the print editor is not hosted through the widget here.
      widget.defineElements({ api, company, shopUrl: window.location.origin, editor: false });
    })
    .catch((error: unknown) => {
      loading = undefined; // a failed chunk load may succeed on the next page
      throw error;
    });
  return loading;
}
