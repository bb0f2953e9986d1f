// A Node stand-in for a browser on the shop's origin: relative URLs go to `origin`, cookies are kept and sent
// back, and `document.cookie` shows the readable ones (the SDK copies XSRF-TOKEN from it). httpOnly cookies are
// kept but hidden from `document`, as in a browser.
import { type Sdk, type SdkOptions, createMemoryStorage, createSdk } from '@lp/sdk';

interface StoredCookie {
  value: string;
  httpOnly: boolean;
}

export interface CookieJar {
  fetch: typeof fetch;
  /** What the SDK client reads as `document.cookie`. */
  document: { readonly cookie: string };
  /** Every cookie by name (also httpOnly ones), for assertions. */
  cookies: Map<string, StoredCookie>;
  /** The raw Set-Cookie headers of the last answer. */
  lastSetCookie: string[];
}

export function cookieJar(origin: string): CookieJar {
  const cookies = new Map<string, StoredCookie>();
  const jar: CookieJar = {
    cookies,
    lastSetCookie: [],
    document: {
      get cookie() {
        return [...cookies]
          .filter(([, c]) => !c.httpOnly)
          .map(([name, c]) => `${name}=${c.value}`)
          .join('; ');
      },
    },
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), origin);
      const headers = new Headers(init.headers);
      if (cookies.size > 0) {
        headers.set('cookie', [...cookies].map(([name, c]) => `${name}=${c.value}`).join('; '));
      }
      const response = await fetch(url, { ...init, headers });
      jar.lastSetCookie = response.headers.getSetCookie();
      for (const line of jar.lastSetCookie) {
        const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq);
        const value = pair.slice(eq + 1);
        const expired = attributes.some((a) => /^max-age=0$/i.test(a)) || value === '';
        if (expired) cookies.delete(name);
        else cookies.set(name, { value, httpOnly: attributes.some((a) => /^httponly$/i.test(a)) });
      }
      return response;
    }) as typeof fetch,
  };
  return jar;
}

/**
 * An SDK that calls the API as a page on the shop's origin would: through the jar (its cookies, and `document` as
 * the source of the anti-forgery cookie), with its own memory storage and no retries.
 */
export function sdkWithCookies(jar: CookieJar): Sdk {
  return createSdk({
    baseUrl: '',
    fetch: jar.fetch,
    storage: createMemoryStorage(),
    dataLayer: [],
    retries: 0,
    document: jar.document,
  } as SdkOptions);
}
