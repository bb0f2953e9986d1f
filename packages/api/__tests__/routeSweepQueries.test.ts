import { paths } from '@lp/sdk/contract';
import type { RouteOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { fillPath, PATH_VALUES, queryCases, type Schema } from './support/sweepCases';
import {
  freshCart,
  methodsOf,
  problemOf,
  send,
  storedState,
  startSweptApi,
  validParams,
  validQuery,
} from './support/sweepWorld';
import { observedRoutes } from './support/observedRoutes';

// Every route the API registers, observed through an onRoute hook (as contract.test.ts does).
vi.mock('fastify', async (importOriginal) =>
  (await import('./support/observedRoutes')).observingRoutes(await importOriginal()),
);
const routes = observedRoutes;

const { api, world } = await startSweptApi();
const params = validParams(world);
const { cartGuid } = await freshCart(api);

// OPTIONS * is the CORS preflight (no input but its headers).
const getRoutes = routes.filter((route) => methodsOf(route).includes('GET'));
const paramRoutes = routes.filter((route) => route.url.includes(':'));
const schemaOf = (route: RouteOptions, part: 'querystring' | 'params') =>
  (route.schema as Record<string, Schema | undefined> | undefined)?.[part];

/** Sends each URL with the route's method (logged in) and answers the problems found. */
async function sweep(method: string, urls: { label: string; url: string }[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { label, url } of urls) {
    const res = await send(api, method, url, { headers: world.session });
    if (process.env.SWEEP_DEBUG) console.log(method, label, res.statusCode, res.body.slice(0, 100));
    const problem = problemOf(res, method);
    if (problem) problems.push(`${label}: ${problem}`);
  }
  return problems;
}

describe('every GET and HEAD route meets hostile query strings with a 4xx in the contract, never a 5xx', () => {
  it('observes the routes to sweep', () => {
    expect(getRoutes.length).toBeGreaterThan(30);
  });

  it.each(getRoutes.map((route) => [route.url, route] as const))('GET %s', async (url, route) => {
    const path = fillPath(url, params);
    const valid = schemaOf(route, 'querystring') ? validQuery(url, world) : {};
    const cases = queryCases(schemaOf(route, 'querystring'), valid);
    const urls = cases.map(({ label, query }) => ({ label, url: `${path}?${query}` }));
    // HEAD (which Fastify adds to every GET) must not fail where its GET refuses: status only, no body.
    expect([...(await sweep('GET', urls)), ...(await sweep('HEAD', urls))]).toEqual([]);
  });
});

describe('every path parameter meets empty, long, NUL, traversal and unicode values', () => {
  it.each(paramRoutes.flatMap((route) => methodsOf(route).map((method) => [method, route.url] as const)))(
    '%s %s',
    async (method, url) => {
      const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      const cases = names.flatMap((name) =>
        PATH_VALUES.map(({ label, segment }) => ({
          label: `${name} ${label}`,
          url: fillPath(url, params, [name, segment]),
        })),
      );
      expect(await sweep(method, cases)).toEqual([]);
      // The process still answers.
      const cart = await send(api, 'GET', paths.cart.get, { headers: { CartGuid: cartGuid } });
      expect(cart.statusCode).toBe(200);
    },
  );
});

describe('after the sweep', () => {
  it('still answers a getCart and reads the stored state', async () => {
    await expect(storedState(api, cartGuid)).resolves.toContain('KZH-001');
  });
});
