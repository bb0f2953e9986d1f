// Session 24, withdrawfixui: the demo customer's paid order and the sandbox outbox's mails, as the operator's e2e
// tests need them (fulfilment/shipment.test.ts, withdrawal/withdrawal.test.ts, withdrawal/withdrawalLines.test.ts),
// written once.
import type { AddCartItemBody } from '@lp/sdk';
import { createAccountService } from '@lp/sdk/account';
import { expect } from 'vitest';
import { cookieJar, sdkWithCookies } from '../account/cookieJarFetch';
import { address, funschild } from '../contract/support';

/** The demo data's customer (packages/api's seed). */
export const DEMO = { email: 'demo@lp-de.example', password: 'Demo1234!' };

/**
 * The demo customer's own order (placed in their session) of `items` (one plate by default), paid in the sandbox;
 * answers its number and guid.
 */
export async function placePaidDemoOrder(
  apiUrl: string,
  {
    items = [funschild(1, 'M LP 2026')],
    shippingAddress = address,
    billingAddress,
  }: { items?: AddCartItemBody[]; shippingAddress?: typeof address; billingAddress?: typeof address } = {},
): Promise<{ orderNumber: string; headerGuid: string }> {
  const sdk = sdkWithCookies(cookieJar(apiUrl));
  await createAccountService(sdk.client).login(DEMO.email, DEMO.password);
  for (const item of items) await sdk.cartStore.getState().add(item);
  const { orderHeaderGuid } = await sdk.orders.save({
    billingPerson: { email: DEMO.email, phone: '+49 3012345678', name: 'Max', lastName: 'Mustermann' },
    shippingAddress,
    ...(billingAddress ? { billingAddress } : {}),
    paymentMethod: 'paypal',
  });
  const { orderNumber } = await sdk.orders.confirm(orderHeaderGuid);
  const { redirectUrl } = await sdk.orders.createPayment({
    headerGuid: orderHeaderGuid,
    paymentMethod: 'paypal',
    returnUrl: `${apiUrl}/thank-you`,
    cancelUrl: `${apiUrl}/cart`,
  });
  const page = await (await fetch(new URL(redirectUrl, apiUrl))).text();
  const action = /<form method="post" action="([^"]+\/approve)">/.exec(page)?.[1];
  const approved = await fetch(new URL(action!, apiUrl), { method: 'POST', redirect: 'manual' });
  expect(approved.status).toBe(303);
  return { orderNumber, headerGuid: orderHeaderGuid };
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The first mail listed in the sandbox outbox whose subject `matches`, read as the
 * demo's reader sees it: its addressee and its text.
 */
export async function outboxMail(
  apiUrl: string,
  matches: (subject: string) => boolean,
): Promise<{ to: string; text: string }> {
  const list = await (await fetch(`${apiUrl}/sandbox/outbox`)).text();
  const link = [...list.matchAll(/<a href="(\/sandbox\/outbox\/[0-9a-f-]{36})">([^<]*)<\/a>/g)].find(
    ([, , subject]) => matches(unescapeHtml(subject ?? '')),
  );
  if (!link) throw new Error('no such mail in the outbox');
  const html = await (await fetch(`${apiUrl}${link[1]}`)).text();
  return {
    to: unescapeHtml(/An: ([^<]*)<br>/.exec(html)?.[1] ?? ''),
    text: unescapeHtml(/<pre>([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? ''),
  };
}
