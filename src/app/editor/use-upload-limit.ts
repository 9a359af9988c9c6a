import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.js';
import { queryKeys } from '../api/query-keys.js';

/** What the server publishes about itself (GET /api/instance), once known; fetched once and shared. */
function useInstance() {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.instance(), queryFn: () => api.instance.get(), staleTime: Infinity, retry: false }).data;
}

/**
 * The server's upload limit in bytes (GET /api/instance), once known: the editor and the
 * image dialogs check files against it instead of assuming 5 MB. Until the answer comes
 * (or if it fails), the callers' default (the spec's 5 MB) applies.
 */
export function useUploadLimit(): number | undefined {
  return useInstance()?.file_size_limit;
}

/**
 * Whether the server can search Unsplash for covers (GET /api/instance). False until it says
 * so: a picker then opens on the product's images rather than on a search that finds nothing.
 */
export function useUnsplashConfigured(): boolean {
  return useInstance()?.unsplash_configured ?? false;
}
