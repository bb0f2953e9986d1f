// Session 27, dups: the thank-you page in a test shop, shared by thankYouHiddenBuyer.test.tsx and
// thankYouReturn.test.tsx (each had its own copy): a paid order, and the page rendered with a real SDK whose fetch
// answers the browser's own getOrder.
import { createSdk } from '@lp/sdk';
import type { Order } from '@lp/sdk/contract';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../app/AppProviders';
import { publicConfig, readConfig } from '../../config';
import { createShopData } from '../../data/shopData';
import { createErrorReporter } from '../../errors/errorReporter';
import { Component as ThankYouPage } from '../ThankYouPage';

export const address = {
  name: 'Lena',
  lastName: 'Krüger',
  street: 'Hauptstraße',
  houseNumber: '1',
  zipCode: '50667',
  city: 'Köln',
  country: 'DE',
};

/** A paid guest order of one plate, with its buyer (billing person, both addresses). */
export const paidOrder = (patch: Partial<Order> = {}): Order => ({
  headerGuid: '5b0f2b52-3f5e-4d5e-9a4e-0c9a3f1e2d7a',
  orderNumber: 'LP-2026-000123',
  status: 'paid',
  companyId: 1001,
  customerId: 7,
  createdAt: '2026-11-20T10:00:00.000Z',
  orderItems: [
    {
      itemId: 'KFZ-001',
      businessName: 'Kfz-Kennzeichen',
      itemQuantity: 1,
      itemInternalId: 'a',
      attributes: { Kennzeichen: 'K-LK 2026' },
      price: 12.9,
    },
  ],
  cartAmount: 12.9,
  discountAmount: 0,
  coupon: null,
  shippingOption: { id: 1, price: 4.9, name: 'Standard' },
  totalAmount: 17.8,
  paymentMethod: 'paypal',
  billingPerson: { email: 'lena@example.de', phone: '+49 3012345678', name: 'Lena', lastName: 'Krüger' },
  shippingAddress: address,
  billingAddress: address,
  isCustomDesign: false,
  shipment: null,
  parcels: [],
  ...patch,
});

const Nothing = () => null;

/**
 * `/thank-you/<guid>` with `shown` from the page server's loader; the browser's own getOrder answers `again`
 * (by default `shown` once more). `asked` lists every address the browser fetched.
 */
export function renderThankYou(shown: Order, again: Order | Promise<Order> = shown) {
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    asked.push(String(input instanceof Request ? input.url : input));
    return new Response(JSON.stringify(await again), { headers: { 'content-type': 'application/json' } });
  };
  const config = publicConfig(readConfig({}));
  const sdk = createSdk({ baseUrl: 'http://shop.test', storage: null, retries: 0, fetch });
  const data = createShopData(sdk, { UniqueId: 1001, Alias: 'lp-de', Name: 'Kennzeichen-Profi' }, config);
  const router = createMemoryRouter(
    [
      {
        path: '/thank-you/:id',
        loader: () => ({ order: shown }),
        Component: ThankYouPage,
        HydrateFallback: Nothing,
      },
    ],
    { initialEntries: [`/thank-you/${shown.headerGuid}`] },
  );
  const view = render(
    <AppProviders value={{ sdk, data, config, reporter: createErrorReporter([]) }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, asked };
}
