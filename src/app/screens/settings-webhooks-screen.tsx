import { useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { useUnavailableAction } from './empty-state-actions.js';
import { SettingsGuard } from './settings-layout.js';
import { EmptyState } from '../empty-states/index.js';

/** Settings, Webhooks (admins). The server keeps no webhooks yet, so this is their empty state. */
export function SettingsWebhooksScreen() {
  const workspace = useWorkspace(useWorkspaceSlug());
  const unavailable = useUnavailableAction();
  return (
    <SettingsGuard page="webhooks">
      <EmptyState type="settings-webhooks" role={workspace.data?.role} onAction={unavailable} />
    </SettingsGuard>
  );
}
