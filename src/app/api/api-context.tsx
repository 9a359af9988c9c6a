import { createContext, useContext, type ReactNode } from 'react';
import type { Api } from './index.js';

const ApiContext = createContext<Api | null>(null);

/** Gives the screens below it their API (the real one in the app, a fake one in tests). */
export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The API given by the nearest ApiProvider. */
export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an <ApiProvider> above it.');
  return api;
}
