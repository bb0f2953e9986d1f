/**
 * A service made from the shop's SDK core on first use and kept per SDK instance (one in the browser, one per
 * request on the server). The core (`createSdkCore`, entry-client) holds what first views use; a page that needs
 * checkout, orders, content or the image upload makes the service here, so its code loads with that page's chunk
 * instead of every route's initial script (docs/reference/sdk.md, "Composing the SDK per view").
 *
 * @example
 * export const ordersOf = serviceOf((sdk: Pick<SdkCore, 'client' | 'appState'>) => createOrderService(sdk.client, sdk.appState));
 */
export function serviceOf<Sdk extends object, Service>(create: (sdk: Sdk) => Service): (sdk: Sdk) => Service {
  const made = new WeakMap<Sdk, Service>();
  return (sdk) => {
    let service = made.get(sdk);
    if (!service) {
      service = create(sdk);
      made.set(sdk, service);
    }
    return service;
  };
}
