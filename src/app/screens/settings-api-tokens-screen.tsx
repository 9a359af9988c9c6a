import { useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { useUnavailableAction } from './empty-state-actions.js';
import { SettingsGuard } from './settings-layout.js';
import { EmptyState } from '../empty-states/index.js';

/** Settings, API tokens (admins). The server keeps no API tokens yet, so this is their empty state. */
export function SettingsApiTokensScreen() {
  const workspace = useWorkspace(useWorkspaceSlug());
  const unavailable = useUnavailableAction();
  return (
    <SettingsGuard page="api-tokens">
      <EmptyState type="settings-api-tokens" role={workspace.data?.role} onAction={unavailable} />
    </SettingsGuard>
  );
}
