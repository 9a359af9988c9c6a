import type { ApiClient } from './client.js';

/** What the server publishes about itself (GET /api/instance). */
export interface InstanceInfo {
  /** The largest upload it accepts, in bytes. */
  file_size_limit: number;
  /** Whether cover search through Unsplash is configured. */
  unsplash_configured: boolean;
}

/** The server's published settings. */
export function instanceApi(client: ApiClient) {
  return {
    get: () => client.request<InstanceInfo>('GET', '/instance'),
  };
}
