import { useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { roleName } from '../roles.js';
import { SettingsGuard } from './settings-layout.js';

/** Settings, General: the workspace's name, address and the user's role in it. */
export function SettingsGeneralScreen() {
  const workspace = useWorkspace(useWorkspaceSlug());
  return (
    <SettingsGuard page="">
      {workspace.data ? (
        <dl className="app-facts">
          <dt>Name</dt>
          <dd>{workspace.data.name}</dd>
          <dt>URL</dt>
          <dd>
            {window.location.origin}/{workspace.data.slug}
          </dd>
          <dt>Your role</dt>
          <dd>{roleName(workspace.data.role)}</dd>
        </dl>
      ) : null}
    </SettingsGuard>
  );
}
