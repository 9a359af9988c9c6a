import { Plus, Send, Trash2 } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INVITATION_TTL_DAYS, NO_ACCOUNT_FOR_EMAIL } from '../../api-shapes/invitation-link.js';
import type { Invitation } from '../../api-shapes/workspace-invitation.js';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { queryKeys } from '../api/query-keys.js';
import { useWorkspace, useWorkspaceMembers, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, Role, roleName, type RoleValue } from '../roles.js';
import { isolated } from '../ui/bidi.js';
import { paths } from '../router/paths.js';
import { useSignedInUser } from '../session/session.js';
import { Button } from '../ui/button.js';
import { FormError, TextField } from '../ui/form-field.js';
import { formatLocalDay } from '../ui/dates.js';
import { Spinner } from '../ui/spinner.js';
import { useNotify } from '../ui/toasts.js';
import { MembersTable, RoleSelect } from './members-table.js';
import { SettingsGuard } from './settings-layout.js';
import { Icon } from '../ui/icon.js';


/**
 * Settings, Members: everyone in the workspace with their role; admins add people by e-mail (an
 * email with no account gets an invitation, if the admin sends one), see, resend and revoke the
 * invitations not yet accepted, change roles and remove members, and everyone can leave; removing
 * and leaving ask first.
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
      {isAdmin ? <PendingInvitations slug={slug} /> : null}
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
          lowering={(member, role) =>
            `${isolated(member.display_name)} becomes ${roleName(role)} in ${isolated(workspace.data?.name ?? slug)}, and ${roleName(role)} in each of its projects where their role is higher. Raising their workspace role later does not raise those project roles again.`
          }
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

function AddMemberForm({ slug }: { slug: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleValue>(Role.Member);
  // The email the server found no account for: the admin may invite it instead.
  const [noAccount, setNoAccount] = useState<{ email: string; role: RoleValue } | null>(null);
  // A refusal shows in the form (or as the offer to invite), not as a toast as well.
  const add = useMutation({
    mutationFn: () => api.workspaces.addMember(slug, { email: email.trim(), role }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.members(slug) });
      notify({ type: 'success', message: 'Member added.' });
    },
  });
  const invite = useMutation({
    mutationFn: (input: { email: string; role: RoleValue }) => api.workspaces.invite(slug, input),
    onSuccess: async (invitation) => {
      setNoAccount(null);
      setEmail('');
      add.reset();
      await queryClient.invalidateQueries({ queryKey: queryKeys.invitations(slug) });
      notify({ type: 'success', message: invitationSent(invitation.email) });
    },
  });
  const addError = add.isError ? errorMessage(add.error) : null;
  return (
    <>
      <form
        className="app-inline-form"
        aria-label="Add a member"
        onSubmit={(event) => {
          event.preventDefault();
          const address = email.trim();
          if (!address) return;
          setNoAccount(null);
          invite.reset();
          add.mutate(undefined, {
            onSuccess: () => setEmail(''),
            onError: (error) => {
              if (errorMessage(error) === NO_ACCOUNT_FOR_EMAIL) setNoAccount({ email: address, role });
            },
          });
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
      {noAccount ? (
        <div className="app-members-invite" role="alert">
          <p>
            No account uses {noAccount.email}. Send an invitation: its link lets them make an account and join as {roleName(noAccount.role)} within{' '}
            {INVITATION_TTL_DAYS} days.
          </p>
          <Button variant="primary" busy={invite.isPending} onClick={() => invite.mutate(noAccount)}>
            <Icon icon={Send} />
            Send invitation
          </Button>
          <FormError message={invite.isError ? errorMessage(invite.error) : null} />
        </div>
      ) : (
        <FormError message={addError} />
      )}
    </>
  );
}

/** The toast after an invitation is mailed. */
const invitationSent = (email: string) => `Invitation sent to ${email}.`;

/** Invitations not yet accepted (admins): sent again (a new link, 7 more days) or revoked. Nothing shows while there are none. */
function PendingInvitations({ slug }: { slug: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const invitations = useQuery({ queryKey: queryKeys.invitations(slug), queryFn: () => api.workspaces.invitations(slug) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations(slug) });
  const resend = useMutation({
    mutationFn: (invitation: Invitation) => api.workspaces.invite(slug, { email: invitation.email, role: invitation.role }),
    onSuccess: async (invitation) => {
      await refresh();
      notify({ type: 'success', message: invitationSent(invitation.email) });
    },
    onError: (error) => notify({ type: 'error', message: errorMessage(error) }),
  });
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => api.workspaces.revokeInvitation(slug, invitation.id),
    onSuccess: async (_, invitation) => {
      await refresh();
      notify({ type: 'success', message: `Invitation to ${invitation.email} revoked.` });
    },
    onError: (error) => notify({ type: 'error', message: errorMessage(error) }),
  });
  if (invitations.isPending) return <Spinner label="Loading invitations…" />;
  if (invitations.isError) return <p role="alert">{invitations.error.message}</p>;
  if (!invitations.data.length) return null;
  return (
    <section className="app-members-invitations" aria-labelledby="pending-invitations">
      <h3 id="pending-invitations">Pending invitations</h3>
      <div className="app-table-scroll">
        <table className="app-table" aria-labelledby="pending-invitations">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Invited by</th>
              <th scope="col">Link works until</th>
              <th scope="col">
                <span className="app-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invitations.data.map((invitation) => (
              <tr key={invitation.id}>
                <td>{invitation.email}</td>
                <td>{roleName(invitation.role)}</td>
                <td>{invitation.invited_by ?? 'Someone who left'}</td>
                <td>
                  <time dateTime={invitation.expires_at}>{formatLocalDay(invitation.expires_at)}</time>
                </td>
                <td>
                  <div className="app-table-actions">
                    <Button
                      size="small"
                      aria-label={`Send again to ${invitation.email}`}
                      busy={resend.isPending && resend.variables?.id === invitation.id}
                      onClick={() => resend.mutate(invitation)}
                    >
                      <Icon icon={Send} />
                      Send again
                    </Button>
                    <Button
                      variant="danger"
                      size="small"
                      aria-label={`Revoke the invitation to ${invitation.email}`}
                      busy={revoke.isPending && revoke.variables?.id === invitation.id}
                      onClick={() => revoke.mutate(invitation)}
                    >
                      <Icon icon={Trash2} />
                      Revoke
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
