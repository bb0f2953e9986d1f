let loading: Promise<void> | undefined;

/**
 * Defines the widget's elements once, in their own chunk after hydration (not part of any route's initial JS). The
 * storefront's SDK reaches each element through @lp/react's element components (WidgetSlot), so the header cart
 * count and the widget share one cart store (DESIGN 5).
 */
export function loadWidgetElements(api: string, company: string): Promise<void> {
  // The plate rules (renderer and checks) are requested side by side with the widget and handed to it before the
  // elements first render: the generator then draws its 16 plates once, instead of placeholders first and every
  // plate again a task later (less main-thread work while the page loads, no visible swap).
  // If the rules' chunk fails, the elements still come and load (or report) the rules themselves.
  loading ??= Promise.all([import('@lp/widget'), import('@lp/sdk/plates').catch(() => null)])
    .then(async ([widget, plates]) => {
      if (plates) {
        widget.setPlatesLoader(async () => plates);
        await widget.loadPlates();
      }
      // The cart link of the widget points at this shop; the print editor is not hosted through the widget here.
      widget.defineElements({ api, company, shopUrl: window.location.origin, editor: false });
    })
    .catch((error: unknown) => {
      loading = undefined; // a failed chunk load may succeed on the next page
      throw error;
    });
  return loading;
}
