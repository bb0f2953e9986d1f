// A login that is not what a test is about: through the shop's own /api proxy with the SDK, as the login page sends
// it, and its cookies handed to a browser context (one device). The page then shows the account as after the login
// page, at a fraction of its cost on a loaded machine (5 to 8 s a login in Chromium on two busy cores).
import type { Sdk } from '@lp/sdk';
import { createAccountService } from '@lp/sdk/account';
import type { BrowserContext } from 'playwright-core';
import { cookieJar, sdkWithCookies } from './cookieJarFetch';

/**
 * Logs `email` in without "Angemeldet bleiben" at the shop on `shopUrl` and answers the SDK of that session: a cart
 * it creates is the account's from its first line, as one filled in a logged-in browser. Given a `context`, puts the
 * session's cookies into it as the answer set them (no expiry: they end with the browser), so that device is logged in.
 *
 * @example
 * const sdk = await logInThroughApi(world.shop.url, email, password, laptop.context);
 * await sdk.cartStore.getState().add(funschild(2, 'M-AA 1'));
 */
export async function logInThroughApi(
  shopUrl: string,
  email: string,
  password: string,
  context?: BrowserContext,
): Promise<Sdk> {
  const jar = cookieJar(shopUrl);
  const sdk = sdkWithCookies(jar);
  await createAccountService(sdk.client).login(email, password);
  await context?.addCookies(
    [...jar.cookies].map(([name, cookie]) => ({
      name,
      value: cookie.value,
      url: shopUrl,
      httpOnly: cookie.httpOnly,
      sameSite: 'Lax' as const,
    })),
  );
  return sdk;
}
