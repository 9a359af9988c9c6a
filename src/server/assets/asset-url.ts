/** The URL a workspace's uploaded file is served at (and deleted through, with DELETE). */
export function workspaceAssetUrl(workspaceId: string, assetId: string): string {
  return `/api/workspaces/file-assets/${workspaceId}/${assetId}`;
}

/** The URL a user's own uploaded file (an avatar) is served at. */
export function userAssetUrl(assetId: string): string {
  return `/api/users/file-assets/${assetId}`;
}

/** The storage key of an uploaded file: one folder per owner, a new name per upload. */
export function assetStorageKey(scope: 'workspaces' | 'users', ownerId: string, assetId: string, extension: string): string {
  return `${scope}/${ownerId}/${assetId}.${extension}`;
}
