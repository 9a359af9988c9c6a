import { LogOut, Plus, Trash2 } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { queryKeys } from '../api/query-keys.js';
import type { Member } from '../api/types.js';
import { useWorkspace, useWorkspaceMembers, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, isRole, Role, roleName, type RoleValue } from '../roles.js';
import { paths } from '../router/paths.js';
import { useSignedInUser } from '../session/session.js';
import { Button } from '../ui/button.js';
import { ConfirmDeleteDialog } from '../ui/confirm-delete-dialog.js';
import { FormError, TextField } from '../ui/form-field.js';
import { Spinner } from '../ui/spinner.js';
import { useNotify } from '../ui/toasts.js';
import { SettingsGuard } from './settings-layout.js';
import { Icon } from '../ui/icon.js';

const ROLES = [Role.Admin, Role.Member, Role.Viewer, Role.Guest] as const;

/**
 * Settings, Members: everyone in the workspace with their role; admins add people by e-mail,
 * change roles and remove members, and everyone can leave; removing and leaving ask first.
 */
export function SettingsMembersScreen() {
  const slug = useWorkspaceSlug();
  const members = useWorkspaceMembers(slug);
  const workspace = useWorkspace(slug);
  const isAdmin = can(workspace.data?.role, Role.Admin);
  const user = useSignedInUser();
  // Where focus goes once a removed member's row (and the button that opened the dialog) is gone.
  const table = useRef<HTMLTableElement>(null);
  return (
    <SettingsGuard page="members">
      {isAdmin ? <AddMemberForm slug={slug} /> : null}
      {members.isPending ? (
        <Spinner label="Loading members…" />
      ) : members.isError ? (
        <p role="alert">{members.error.message}</p>
      ) : (
        <div className="app-table-scroll">
          <table className="app-table" ref={table} tabIndex={-1} aria-label="Members">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">
                  <span className="app-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.data.map((member) => (
                <MemberRow
                  key={member.id}
                  slug={slug}
                  workspaceName={workspace.data?.name ?? slug}
                  member={member}
                  isAdmin={isAdmin}
                  isSelf={member.id === user.id}
                  afterRemoval={() => table.current?.focus()}
                />
              ))}
            </tbody>
          </table>
        </div>
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

interface MemberRowProps {
  slug: string;
  workspaceName: string;
  member: Member;
  isAdmin: boolean;
  /** The row of the signed-in user: Leave instead of Remove. */
  isSelf: boolean;
  afterRemoval(): void;
}

function MemberRow({ slug, workspaceName, member, isAdmin, isSelf, afterRemoval }: MemberRowProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const changeRole = useMembersChange(slug, (role: RoleValue) => api.workspaces.setMemberRole(slug, member.id, role), 'Role changed.');
  const [confirming, setConfirming] = useState(false);
  const removed = useRef(false);
  const remove = async () => {
    await api.workspaces.removeMember(slug, member.id);
    removed.current = true;
    setConfirming(false);
    if (isSelf) {
      notify({ type: 'success', message: `You left ${workspaceName}.` });
      await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces() });
      navigate(paths.root(), { replace: true });
      return;
    }
    notify({ type: 'success', message: 'Member removed.' });
    await queryClient.invalidateQueries({ queryKey: queryKeys.members(slug) });
  };
  return (
    <tr>
      <td>{member.display_name}</td>
      <td>
        {isAdmin ? (
          <select
            aria-label={`Role of ${member.display_name}`}
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) => {
              const role = Number(event.target.value);
              if (isRole(role)) changeRole.mutate(role);
            }}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {roleName(role)}
              </option>
            ))}
          </select>
        ) : (
          roleName(member.role)
        )}
      </td>
      <td>
        {isSelf ? (
          <Button variant="danger" size="small" onClick={() => setConfirming(true)}>
            <Icon icon={LogOut} />
            Leave
          </Button>
        ) : isAdmin ? (
          <Button variant="danger" size="small" aria-label={`Remove ${member.display_name}`} onClick={() => setConfirming(true)}>
            <Icon icon={Trash2} />
            Remove
          </Button>
        ) : null}
        <ConfirmDeleteDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={isSelf ? 'Leave workspace' : 'Remove member'}
          description={
            isSelf
              ? `Leave ${workspaceName}? You lose access to its projects and pages until an admin adds you again.`
              : `Remove ${member.display_name} from ${workspaceName}? They lose access to its projects and pages; what they made stays.`
          }
          confirmLabel={isSelf ? 'Leave' : 'Remove'}
          onDelete={remove}
          onCloseAutoFocus={(event) => {
            if (!removed.current) return;
            event.preventDefault();
            if (!isSelf) afterRemoval();
          }}
        />
      </td>
    </tr>
  );
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
          <select
            id="new-member-role"
            value={role}
            onChange={(event) => {
              const next = Number(event.target.value);
              if (isRole(next)) setRole(next);
            }}
          >
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {roleName(value)}
              </option>
            ))}
          </select>
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
