import { isLpError } from '@lp/sdk';
import type { Order } from '@lp/sdk/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router-dom';
import type { ShopData } from '../data/shopData';

export interface ThankYouData {
  order: Order;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Issue 13: /thank-you/<id> thanks only for an order that exists. An id that is no order (malformed or unknown)
 * goes to the not-found page (spec 2) instead of "Vielen Dank für Ihre Bestellung"; the server answers 404.
 */
export const thankYouLoader =
  (data: ShopData) =>
  async ({ params }: LoaderFunctionArgs): Promise<ThankYouData> => {
    const id = params.id ?? '';
    if (!UUID.test(id)) throw redirect('/404');
    try {
      return { order: await data.order(id) };
    } catch (error) {
      if (isLpError(error) && (error.status === 404 || error.status === 400)) throw redirect('/404');
      throw error;
    }
  };
