import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Member, Project } from '../../api/types.js';
import { useWorkspaceMembers } from '../../layout/workspace-data.js';
import { can, Role, type RoleValue } from '../../roles.js';
import { paths } from '../../router/paths.js';
import { useSignedInUser } from '../../session/session.js';
import { Button } from '../../ui/button.js';
import { FormError } from '../../ui/form-field.js';
import { Icon } from '../../ui/icon.js';
import { Note } from '../../ui/note.js';
import { Spinner } from '../../ui/spinner.js';
import { useNotify } from '../../ui/toasts.js';
import { MembersTable, RoleSelect } from '../members-table.js';
import { isolated } from '../../ui/bidi.js';

/**
 * A project's members (project settings): everyone in the project sees them; project admins add
 * people of the workspace who are not in it yet, change roles and remove members; everyone can
 * leave the project.
 */
export function ProjectMembers({ slug, project }: { slug: string; project: Project }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const key = queryKeys.projectMembers(slug, project.id);
  const members = useQuery({ queryKey: key, queryFn: () => api.projects.members(slug, project.id) });
  const isAdmin = can(project.role, Role.Admin);
  // Roles, names and who is in the project show in pickers, rows and boards too.
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.project(slug, project.id) });
  return (
    <section aria-labelledby="project-members">
      <h2 id="project-members">Members</h2>
      {members.isPending ? (
        <Spinner label="Loading members…" />
      ) : members.isError ? (
        <p role="alert">{members.error.message}</p>
      ) : (
        <>
          {isAdmin ? <AddProjectMember slug={slug} project={project} members={members.data} refresh={refresh} /> : null}
          <MembersTable
            label="Project members"
            members={members.data}
            place={{ name: project.name, holds: 'issues, cycles, modules and pages' }}
            selfId={user.id}
            mayManage={isAdmin}
            changeRole={async (userId, role) => {
              await api.projects.setMemberRole(slug, project.id, userId, role);
              await refresh();
            }}
            remove={(userId) => api.projects.removeMember(slug, project.id, userId)}
            afterRemoved={refresh}
            afterLeft={async () => {
              await queryClient.invalidateQueries({ queryKey: queryKeys.projects(slug) });
              navigate(paths.projects(slug), { replace: true });
            }}
          />
        </>
      )}
    </section>
  );
}

/** Adds someone of the workspace who is not in the project yet, with a role; the server's refusal stays in the form. */
function AddProjectMember({ slug, project, members, refresh }: { slug: string; project: Project; members: readonly Member[]; refresh(): Promise<unknown> }) {
  const api = useApi();
  const notify = useNotify();
  const workspaceMembers = useWorkspaceMembers(slug);
  const personId = useId();
  const roleId = useId();
  const [person, setPerson] = useState('');
  const [role, setRole] = useState<RoleValue>(Role.Member);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inProject = new Set(members.map((member) => member.id));
  const candidates = (workspaceMembers.data ?? []).filter((member) => !inProject.has(member.id));
  if (workspaceMembers.isPending) return null;
  if (candidates.length === 0) return <Note>Everyone in the workspace is in this project.</Note>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = candidates.find((member) => member.id === person);
    if (!chosen) return setFailure('Choose the person to add.');
    setBusy(true);
    setFailure(null);
    try {
      await api.projects.addMember(slug, project.id, { user_id: chosen.id, role });
      setPerson('');
      await refresh();
      notify({ type: 'success', message: `${isolated(chosen.display_name)} added to ${isolated(project.name)}.` });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className="app-inline-form" aria-label="Add a project member" onSubmit={submit} noValidate>
        <div className="app-field">
          <label htmlFor={personId}>Person</label>
          <select id={personId} value={person} onChange={(event) => setPerson(event.target.value)}>
            <option value="">Choose someone of the workspace</option>
            {candidates.map((member) => (
              <option key={member.id} value={member.id}>
                {member.display_name}
              </option>
            ))}
          </select>
        </div>
        <div className="app-field">
          <label htmlFor={roleId}>Role</label>
          <RoleSelect id={roleId} value={role} onRole={setRole} />
        </div>
        <Button type="submit" variant="primary" busy={busy}>
          <Icon icon={Plus} />
          Add to project
        </Button>
      </form>
      <FormError message={failure} />
    </>
  );
}
