import { API_TOKEN_ACCESS_LABELS, type ApiTokenAccess } from '../../../api-shapes/api-token-access.js';

/** The access levels the create dialog offers, in order, each with its name and what it allows. */
export const ACCESS_CHOICES: readonly { value: ApiTokenAccess; label: string; description: string }[] = [
  {
    value: 'read',
    label: API_TOKEN_ACCESS_LABELS.read,
    description: 'Reads everything you can see in this workspace and changes nothing: for dashboards, reports and exports to other tools.',
  },
  {
    value: 'write',
    label: API_TOKEN_ACCESS_LABELS.write,
    description: 'Also creates, changes and deletes whatever your role allows, as you: for scripts that file issues or keep them up to date.',
  },
];

/** The level the dialog starts with: the one that can do the least harm if the token leaks. */
export const DEFAULT_ACCESS: ApiTokenAccess = 'read';

/** Said under the choice: a token's access is set once, as other trackers' tokens are. */
export const ACCESS_IS_FIXED = 'A token’s access cannot be changed later: for other access, create a new token.';

/** A token's access as the list shows it: "Read only" or "Read and write". */
export function accessText(access: ApiTokenAccess): string {
  return API_TOKEN_ACCESS_LABELS[access];
}
