import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { applyHead, computeHead } from './pageHead';

/** Keeps title, description, canonical, robots and JSON-LD in step with client navigations (spec 2). */
export function useHead(): void {
  const matches = useMatches();
  const location = useLocation();
  const { config } = useShop();
  useEffect(() => {
    const url = new URL(location.pathname + location.search, window.location.origin);
    applyHead(document, computeHead(matches, url, config.siteUrl || window.location.origin));
  }, [matches, location, config.siteUrl]);
}
