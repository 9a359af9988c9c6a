import { useWorkspaceMembers, useWorkspaceSlug } from '../layout/workspace-data.js';
import { roleName } from '../roles.js';
import { Spinner } from '../ui/spinner.js';
import { SettingsGuard } from './settings-layout.js';

/** Settings, Members: everyone in the workspace with their role. */
export function SettingsMembersScreen() {
  const members = useWorkspaceMembers(useWorkspaceSlug());
  return (
    <SettingsGuard page="members">
      {members.isPending ? (
        <Spinner label="Loading members…" />
      ) : members.isError ? (
        <p role="alert">{members.error.message}</p>
      ) : (
        <table className="app-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
            </tr>
          </thead>
          <tbody>
            {members.data.map((member) => (
              <tr key={member.id}>
                <td>{member.display_name}</td>
                <td>{roleName(member.role)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SettingsGuard>
  );
}
