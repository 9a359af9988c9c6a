import { Plus } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { queryKeys } from '../api/query-keys.js';
import { useWorkspace, useWorkspaceMembers, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, Role, type RoleValue } from '../roles.js';
import { paths } from '../router/paths.js';
import { useSignedInUser } from '../session/session.js';
import { Button } from '../ui/button.js';
import { FormError, TextField } from '../ui/form-field.js';
import { Spinner } from '../ui/spinner.js';
import { useNotify } from '../ui/toasts.js';
import { MembersTable, RoleSelect } from './members-table.js';
import { SettingsGuard } from './settings-layout.js';
import { Icon } from '../ui/icon.js';


/**
 * Settings, Members: everyone in the workspace with their role; admins add people by e-mail,
 * change roles and remove members, and everyone can leave; removing and leaving ask first.
 */
export function SettingsMembersScreen() {
  const slug = useWorkspaceSlug();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const members = useWorkspaceMembers(slug);
  const workspace = useWorkspace(slug);
  const isAdmin = can(workspace.data?.role, Role.Admin);
  const user = useSignedInUser();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.members(slug) });
  return (
    <SettingsGuard page="members">
      {isAdmin ? <AddMemberForm slug={slug} /> : null}
      {members.isPending ? (
        <Spinner label="Loading members…" />
      ) : members.isError ? (
        <p role="alert">{members.error.message}</p>
      ) : (
        <MembersTable
          label="Members"
          members={members.data}
          place={{ name: workspace.data?.name ?? slug, holds: 'projects and pages' }}
          selfId={user.id}
          mayManage={isAdmin}
          changeRole={async (userId, role) => {
            await api.workspaces.setMemberRole(slug, userId, role);
            await refresh();
          }}
          remove={(userId) => api.workspaces.removeMember(slug, userId)}
          afterRemoved={refresh}
          afterLeft={async () => {
            await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces() });
            navigate(paths.root(), { replace: true });
          }}
        />
      )}
    </SettingsGuard>
  );
}

function useMembersChange<T>(slug: string, run: (input: T) => Promise<unknown>, success: string) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.members(slug) });
      notify({ type: 'success', message: success });
    },
    // The server's own words: "A workspace needs at least one admin." and the like.
    onError: (error) => notify({ type: 'error', message: errorMessage(error) }),
  });
}

function AddMemberForm({ slug }: { slug: string }) {
  const api = useApi();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleValue>(Role.Member);
  const add = useMembersChange(slug, () => api.workspaces.addMember(slug, { email: email.trim(), role }), 'Member added.');
  return (
    <>
      <form
        className="app-inline-form"
        aria-label="Add a member"
        onSubmit={(event) => {
          event.preventDefault();
          if (email.trim()) add.mutate(undefined, { onSuccess: () => setEmail('') });
        }}
      >
        <TextField label="Email" type="email" value={email} required onChange={(event) => setEmail(event.target.value)} />
        <div className="app-field">
          <label htmlFor="new-member-role">Role</label>
          <RoleSelect id="new-member-role" value={role} onRole={setRole} />
        </div>
        <Button type="submit" variant="primary" busy={add.isPending} disabled={!email.trim()}>
          <Icon icon={Plus} />
          Add member
        </Button>
      </form>
      <FormError message={add.isError ? errorMessage(add.error) : null} />
    </>
  );
}
