import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.js';

/**
 * The app's QueryClient: a refused request (4xx) is not retried, since asking again gets the
 * same answer; a network failure or a 5xx is retried once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
