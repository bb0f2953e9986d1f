import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { useShop } from '../app/ShopContext';

// The server's HTML carries the first page's head, so the head code (with every route's head, routeHeads.ts) is
// needed only from the first client navigation on: outside every route's initial script, fetched once the page
// has hydrated (entry-client) or by the first navigation.
const loadPageHead = () => import('./pageHead');

/** Keeps title, description, canonical, robots and JSON-LD in step with client navigations (spec 2). */
export function useHead(): void {
  const matches = useMatches();
  const location = useLocation();
  const { config, serverHead } = useShop();
  // The first location's head is the server's when the page hydrated with its loader data; otherwise (a loader
  // failed on the server, the browser's loaders ran) it is applied from the browser's data as for a navigation.
  const serversHead = useRef(serverHead === true);
  useEffect(() => {
    if (serversHead.current) {
      serversHead.current = false;
      return;
    }
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
