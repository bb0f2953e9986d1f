import { redirect } from 'react-router-dom';
import type { PublicConfig } from '../config';

/** Where the route guard (spec 2) stands for one request. */
export type GuardState = 'open' | 'unreleased' | 'disabled';

/** The page the guard sends everything to while the shop is not released. */
export const UNRELEASED_TARGET = '/404';

/**
 * spec 2 route guard, the rule in one place: with the release flag off every route goes to /404 (which must stay
 * reachable to be shown); with routes temporarily disabled the page shows 'Bitte warten!'.
 *
 * @example
 * routeGuardState({ release: false, routesDisabled: false }, '/cart'); // 'unreleased'
 */
export function routeGuardState(
  config: Pick<PublicConfig, 'release' | 'routesDisabled'>,
  pathname: string,
): GuardState {
  if (!config.release && pathname !== UNRELEASED_TARGET) return 'unreleased';
  return config.routesDisabled ? 'disabled' : 'open';
}

/**
 * The root loader's half of the guard: throws React Router's redirect to /404 for an unreleased shop, else says
 * whether the routes are disabled (the layout's half, `GuardedContent.tsx`, shows the alert).
 */
export function enforceRouteGuard(
  config: Pick<PublicConfig, 'release' | 'routesDisabled'>,
  pathname: string,
): { disabled: boolean } {
  const state = routeGuardState(config, pathname);
  if (state === 'unreleased') throw redirect(UNRELEASED_TARGET);
  return { disabled: state === 'disabled' };
}

/** Search engines may index the shop only once it is released (robots.txt, sitemap.xml). */
export const shopIsIndexable = (config: Pick<PublicConfig, 'release'>): boolean => config.release;
