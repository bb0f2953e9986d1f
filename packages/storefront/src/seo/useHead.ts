import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { useShop } from '../app/ShopContext';

// The server's HTML carries the first page's head, so the head code is needed only from the first client
// navigation on: it loads after hydration, outside every route's initial script.
const loadPageHead = () => import('./pageHead');

/** Keeps title, description, canonical, robots and JSON-LD in step with client navigations (spec 2). */
export function useHead(): void {
  const matches = useMatches();
  const location = useLocation();
  const { config } = useShop();
  useEffect(() => {
    let current = true;
    const url = new URL(location.pathname + location.search, window.location.origin);
    void loadPageHead().then(({ applyHead, computeHead }) => {
      // A newer navigation applies its own head.
      if (current) applyHead(document, computeHead(matches, url, config.siteUrl || window.location.origin));
    });
    return () => {
      current = false;
    };
  }, [matches, location, config.siteUrl]);
}
