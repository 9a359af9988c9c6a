import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.js';
import { queryKeys } from '../api/query-keys.js';

/**
 * The server's upload limit in bytes (GET /api/instance), once known: the editor and the
 * image dialogs check files against it instead of assuming 5 MB. Until the answer comes
 * (or if it fails), the callers' default (the spec's 5 MB) applies.
 */
export function useUploadLimit(): number | undefined {
  const api = useApi();
  const { data } = useQuery({ queryKey: queryKeys.instance(), queryFn: () => api.instance.get(), staleTime: Infinity, retry: false });
  return data?.file_size_limit;
}
