import { createContext, useContext } from 'react';
import { type ConsentStore, getConsentStore } from './consentStore';

/**
 * The consent store of this render. The server provides one per request, built from the request's cookie
 * (entry-server.tsx); the browser needs no provider: it uses the page's store, built from the same cookie.
 */
export const ConsentContext = createContext<ConsentStore | null>(null);

/** The consent store of this render (see {@link ConsentContext}). */
export function useConsentStore(): ConsentStore {
  return useContext(ConsentContext) ?? getConsentStore();
}
