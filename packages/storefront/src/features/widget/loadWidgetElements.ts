let loading: Promise<void> | undefined;

/**
 * Defines the widget's elements once, in their own chunk after hydration (not part of any route's initial JS). The
 * storefront's SDK reaches each element through @lp/react's element components (WidgetSlot), so the header cart
 * count and the widget share one cart store (DESIGN 5).
 */
export function loadWidgetElements(api: string, company: string): Promise<void> {
  loading ??= import('@lp/widget')
    .then((widget) => {
      // The cart link of the widget points at this shop; the print editor is not hosted through the widget here.
      widget.defineElements({ api, company, shopUrl: window.location.origin, editor: false });
    })
    .catch((error: unknown) => {
      loading = undefined; // a failed chunk load may succeed on the next page
      throw error;
    });
  return loading;
}
