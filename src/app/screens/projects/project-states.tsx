import { Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { STATE_GROUP_NAMES, STATE_GROUPS, type StateGroup } from '../../../api-shapes/state-groups.js';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Project, State } from '../../api/types.js';
import { can, Role } from '../../roles.js';
import { Button } from '../../ui/button.js';
import { FormError, SelectField, TextField } from '../../ui/form-field.js';
import { Icon } from '../../ui/icon.js';
import { Note } from '../../ui/note.js';
import { NO_COLOUR } from '../../ui/pickers/index.js';
import { Spinner } from '../../ui/spinner.js';
import { useNotify } from '../../ui/toasts.js';
import { StateIcon } from '../issues/issue-icons.js';
import { EditNamedColourDialog } from './named-form-dialog.js';
import { useProjectWorkflowRefresh } from './use-current-project.js';
import { isolated } from '../../ui/bidi.js';

/** Why members, viewers and guests cannot change the states. */
const ADMINS_ONLY = 'Only project admins can change the workflow states.';

/** The group a new state goes in when the form is first shown. */
const FIRST_GROUP: StateGroup = 'unstarted';

const groupNamed = (name: string): StateGroup => STATE_GROUPS.find((group) => STATE_GROUP_NAMES[group] === name) ?? FIRST_GROUP;

/**
 * A project's workflow states, by group in workflow order: project admins add a state to a group,
 * rename or recolour one, make another state the default (new issues start in it) and delete a
 * state no issue is in (the server says which issues hold one back). Everyone else reads them.
 */
export function ProjectStates({ slug, project }: { slug: string; project: Project }) {
  const api = useApi();
  const notify = useNotify();
  const isAdmin = can(project.role, Role.Admin);
  const key = queryKeys.states(slug, project.id);
  const states = useQuery({ queryKey: key, queryFn: () => api.states.list(slug, project.id) });
  const [name, setName] = useState('');
  const [color, setColor] = useState(NO_COLOUR);
  const [group, setGroup] = useState<StateGroup>(FIRST_GROUP);
  // Lists, boards and pickers read the states too.
  const refresh = useProjectWorkflowRefresh(slug, project.id);
  const [editing, setEditing] = useState<State | null>(null);
  const create = useMutation({
    mutationFn: () => api.states.create(slug, project.id, { name: name.trim(), color, group }),
    onSuccess: async (created) => {
      setName('');
      await refresh();
      notify({ type: 'success', message: `State ${isolated(created.name)} created.` });
    },
  });
  const makeDefault = useMutation({
    mutationFn: (state: State) => api.states.update(slug, project.id, state.id, { is_default: true }),
    onSuccess: async (state) => {
      await refresh();
      notify({ type: 'success', message: `New issues now start in ${isolated(state.name)}.` });
    },
    onError: (error) => notify({ type: 'error', message: errorMessage(error) }),
  });
  const remove = useMutation({
    mutationFn: (state: State) => api.states.remove(slug, project.id, state.id),
    onSuccess: () => refresh(),
    onError: (error) => notify({ type: 'error', message: errorMessage(error) }),
  });

  return (
    <section aria-labelledby="project-states">
      <h2 id="project-states">States</h2>
      {isAdmin ? (
        <>
          <form
            className="app-inline-form"
            aria-label="Create a state"
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim()) create.mutate();
            }}
          >
            <TextField label="State name" value={name} maxLength={255} onChange={(event) => setName(event.target.value)} />
            <TextField label="State color" type="color" value={color} onChange={(event) => setColor(event.target.value)} />
            <SelectField
              label="Group"
              value={STATE_GROUP_NAMES[group]}
              options={STATE_GROUPS.map((each) => STATE_GROUP_NAMES[each])}
              onChange={(event) => setGroup(groupNamed(event.target.value))}
            />
            <Button type="submit" variant="primary" busy={create.isPending} disabled={!name.trim()}>
              <Icon icon={Plus} />
              Create state
            </Button>
          </form>
          <FormError message={create.isError ? errorMessage(create.error) : null} />
        </>
      ) : (
        <Note>{ADMINS_ONLY}</Note>
      )}
      {states.isPending ? (
        <Spinner label="Loading states…" />
      ) : states.isError ? (
        <p role="alert">{states.error.message}</p>
      ) : (
        STATE_GROUPS.map((each) => {
          const inGroup = states.data.filter((state) => state.group === each);
          if (!inGroup.length) return null;
          const groupName = STATE_GROUP_NAMES[each];
          return (
            <div key={each}>
              <h3>{groupName}</h3>
              <ul className="app-issue-list" aria-label={`${groupName} states`}>
                {inGroup.map((state) => (
                  <li key={state.id} className="app-issue-row">
                    <StateIcon group={state.group} color={state.color} decorative />
                    <span style={{ flex: 1 }}>{state.name}</span>
                    {state.is_default ? <Note inline>Default: new issues start here</Note> : null}
                    {isAdmin ? (
                      <Button size="small" aria-label={`Edit state ${state.name}`} onClick={() => setEditing(state)}>
                        <Icon icon={Pencil} />
                        Edit
                      </Button>
                    ) : null}
                    {isAdmin && !state.is_default ? (
                      <>
                        <Button size="small" aria-label={`Make default: ${state.name}`} busy={makeDefault.isPending && makeDefault.variables?.id === state.id} onClick={() => makeDefault.mutate(state)}>
                          <Icon icon={Star} />
                          Make default
                        </Button>
                        <Button variant="danger" size="small" aria-label={`Delete state ${state.name}`} busy={remove.isPending && remove.variables?.id === state.id} onClick={() => remove.mutate(state)}>
                          <Icon icon={Trash2} />
                          Delete
                        </Button>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          );
        })
      )}
      <EditNamedColourDialog
        editing={editing}
        onClose={() => setEditing(null)}
        noun="State"
        description="The new name and colour show on every issue in the state."
        save={async (changes) => {
          const saved = await api.states.update(slug, project.id, editing!.id, changes);
          await refresh();
          return saved;
        }}
      />
    </section>
  );
}
