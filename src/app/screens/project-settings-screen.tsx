import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { assetIdFromUrl } from '../api/file-assets.js';
import { queryKeys } from '../api/query-keys.js';
import type { IssueLabel, Project, ProjectFeature } from '../api/types.js';
import { EmptyState } from '../empty-states/index.js';
import { can, Role } from '../roles.js';
import { Button } from '../ui/button.js';
import { ConfirmDeleteDialog } from '../ui/confirm-delete-dialog.js';
import { FormError, TextField } from '../ui/form-field.js';
import { Note } from '../ui/note.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { useNotify } from '../ui/toasts.js';
import { CoverPickerPopover } from '../widgets/cover-picker/index.js';
import { useUnsplashConfigured, useUploadLimit } from '../editor/use-upload-limit.js';
import { ProjectAutomations } from './projects/project-automations.js';
import { ProjectEstimates } from './projects/project-estimates.js';
import { ProjectIntegrations } from './projects/project-integrations.js';
import { ProjectMembers } from './projects/project-members.js';
import { ProjectStates } from './projects/project-states.js';
import { PROJECT_FEATURES } from './projects/project-features.js';
import { useCurrentProject, useProjectWorkflowRefresh } from './projects/use-current-project.js';
import { screensCss } from './screens.css.js';
import { Icon } from '../ui/icon.js';
import { NO_COLOUR, StateDot } from '../ui/pickers/index.js';
import { EditNamedColourDialog } from './projects/named-form-dialog.js';
import { isolated } from '../ui/bidi.js';

/**
 * A project's settings: its name, identifier (read-only) and cover; its features (project admins);
 * its workflow states (project admins); its labels (members); its integrations (GitHub: project admins connect it);
 * its estimates and automations (project admins); and its members (project admins add and manage them, anyone leaves).
 */
export function ProjectSettingsScreen() {
  useStyles('app-screens', screensCss);
  const { slug, project } = useCurrentProject();
  if (!project) return null;
  return (
    <>
      <PageHeader title="Project settings" description={project.name} />
      <div className="app-content app-settings-page">
        <ProjectGeneral key={project.id} slug={slug} project={project} />
        <ProjectFeatures slug={slug} project={project} />
        <ProjectStates slug={slug} project={project} />
        <ProjectLabels slug={slug} project={project} />
        <ProjectIntegrations slug={slug} project={project} />
        <ProjectEstimates slug={slug} project={project} />
        <ProjectAutomations slug={slug} project={project} />
        {/* Last: its list loads on its own, and nothing below it moves when it arrives. */}
        <ProjectMembers slug={slug} project={project} />
      </div>
    </>
  );
}

function useProjectUpdate(slug: string, project: Project) {
  const queryClient = useQueryClient();
  return async (updated: Project) => {
    queryClient.setQueryData(queryKeys.project(slug, project.id), updated);
    await queryClient.invalidateQueries({ queryKey: queryKeys.projects(slug), exact: true });
  };
}

function ProjectGeneral({ slug, project }: { slug: string; project: Project }) {
  const api = useApi();
  const uploadLimit = useUploadLimit();
  const unsplashConfigured = useUnsplashConfigured();
  const notify = useNotify();
  const settle = useProjectUpdate(slug, project);
  const isAdmin = can(project.role, Role.Admin);
  const [name, setName] = useState(project.name);
  const rename = useMutation({
    mutationFn: () => api.projects.update(slug, project.id, { name: name.trim() }),
    onSuccess: async (updated) => {
      await settle(updated);
      notify({ type: 'success', message: 'Project renamed.' });
    },
  });
  const cover = useMutation({
    mutationFn: (url: string | null) => api.projects.update(slug, project.id, { cover_image: url }),
    onSuccess: async (updated, url) => {
      const old = project.cover_image;
      await settle(updated);
      // An uploaded cover that was replaced is no longer used anywhere: delete it once the new one is saved.
      const oldId = old && old !== url ? assetIdFromUrl(old) : null;
      if (oldId) await api.fileAssets.remove(oldId).catch(() => undefined);
      notify({ type: 'success', message: url ? 'Cover updated.' : 'Cover removed.' });
    },
    onError: (error) => notify({ type: 'error', message: errorMessage(error) }),
  });

  return (
    <section aria-labelledby="project-general">
      <h2 id="project-general">General</h2>
      <form
        className="app-inline-form"
        aria-label="Project name"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() && name.trim() !== project.name) rename.mutate();
        }}
      >
        <TextField label="Name" value={name} maxLength={255} readOnly={!isAdmin} onChange={(event) => setName(event.target.value)} />
        {isAdmin ? (
          <Button type="submit" variant="primary" busy={rename.isPending} disabled={!name.trim() || name.trim() === project.name}>
            Save name
          </Button>
        ) : null}
      </form>
      <FormError message={rename.isError ? errorMessage(rename.error) : null} />
      <TextField label="Identifier" value={project.identifier} readOnly hint="The identifier prefixes every issue key and cannot be changed here." />
      <h3>Cover</h3>
      <div className="app-inline-form">
        {project.cover_image ? <img src={project.cover_image} alt="Project cover" width={240} height={80} style={{ objectFit: 'cover' }} /> : <Note>No cover yet.</Note>}
        {isAdmin ? (
          <>
            <CoverPickerPopover
              triggerLabel={project.cover_image ? 'Change cover' : 'Choose a cover'}
              value={project.cover_image}
              listCovers={() => api.covers.list()}
              maxSize={uploadLimit}
              searchUnsplash={(query) => api.covers.searchUnsplash(query)}
              unsplashConfigured={unsplashConfigured}
              upload={async (file, onProgress) => {
                const asset = await api.fileAssets.upload(slug, file, { entity_name: 'PROJECT_COVER', entity_identifier: project.id });
                onProgress(100);
                return asset.asset;
              }}
              onSelect={(url) => cover.mutate(url)}
            />
            {project.cover_image ? (
              <Button variant="ghost" busy={cover.isPending} onClick={() => cover.mutate(null)}>
                Remove cover
              </Button>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}

function ProjectFeatures({ slug, project }: { slug: string; project: Project }) {
  const api = useApi();
  const notify = useNotify();
  const settle = useProjectUpdate(slug, project);
  const isAdmin = can(project.role, Role.Admin);
  const toggle = useMutation({
    mutationFn: ({ feature, on }: { feature: ProjectFeature; on: boolean }) => api.projects.setFeatures(slug, project.id, { [feature]: on }),
    onSuccess: (updated) => settle(updated),
    onError: (error) => notify({ type: 'error', message: errorMessage(error) }),
  });
  return (
    <section aria-labelledby="project-features">
      <h2 id="project-features">Features</h2>
      {isAdmin ? null : <p id="project-features-note">Only project admins can turn features on or off.</p>}
      {/* Not disabled while a change is saved (a disabled box drops keyboard focus on the page's body): it shows the change at once. */}
      <fieldset className="app-fieldset" aria-busy={toggle.isPending || undefined}>
        <legend>Turned on for this project</legend>
        <div className="app-options">
        {PROJECT_FEATURES.map(({ feature, label }) => (
          <label key={feature} className="app-option">
            <input
              type="checkbox"
              checked={toggle.isPending && toggle.variables.feature === feature ? toggle.variables.on : project[feature]}
              disabled={!isAdmin}
              aria-describedby={isAdmin ? undefined : 'project-features-note'}
              onChange={(event) => toggle.mutate({ feature, on: event.target.checked })}
            />
            {label}
          </label>
        ))}
        </div>
      </fieldset>
    </section>
  );
}

function ProjectLabels({ slug, project }: { slug: string; project: Project }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const mayChange = can(project.role, Role.Member);
  const key = [...queryKeys.project(slug, project.id), 'labels'];
  const labels = useQuery({ queryKey: key, queryFn: () => api.labels.list(slug, project.id) });
  const [name, setName] = useState('');
  const [color, setColor] = useState(NO_COLOUR);
  const nameInput = useRef<HTMLInputElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const [editing, setEditing] = useState<IssueLabel | null>(null);
  const refreshWorkflow = useProjectWorkflowRefresh(slug, project.id);
  const create = useMutation({
    mutationFn: () => api.labels.create(slug, project.id, { name: name.trim(), color }),
    onSuccess: async () => {
      setName('');
      await refresh();
    },
  });
  // Deleting takes the label off every issue: asked first, and told after.
  const [deleting, setDeleting] = useState<IssueLabel | null>(null);

  return (
    <section aria-labelledby="project-labels">
      <h2 id="project-labels">Labels</h2>
      {mayChange ? (
        <>
          <form
            className="app-inline-form"
            aria-label="Create a label"
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim()) create.mutate();
            }}
          >
            <TextField ref={nameInput} label="Label name" value={name} maxLength={255} onChange={(event) => setName(event.target.value)} />
            <TextField label="Label color" type="color" value={color} onChange={(event) => setColor(event.target.value)} />
            <Button type="submit" variant="primary" busy={create.isPending} disabled={!name.trim()}>
              <Icon icon={Plus} />
              Create label
            </Button>
          </form>
          <FormError message={create.isError ? errorMessage(create.error) : null} />
        </>
      ) : null}
      {labels.isPending ? (
        <Spinner label="Loading labels…" />
      ) : labels.isError ? (
        <p role="alert">{labels.error.message}</p>
      ) : labels.data.length === 0 ? (
        <EmptyState type="project-settings-labels" role={project.role} headingLevel={3} onAction={() => nameInput.current?.focus()} />
      ) : (
        <ul className="app-issue-list" aria-label="Labels">
          {labels.data.map((label) => (
            <li key={label.id} className="app-issue-row">
              <StateDot color={label.color || NO_COLOUR} />
              <span style={{ flex: 1 }}>{label.name}</span>
              {mayChange ? (
                <>
                <Button size="small" aria-label={`Edit label ${label.name}`} onClick={() => setEditing(label)}>
                  <Icon icon={Pencil} />
                  Edit
                </Button>
                <Button variant="danger" size="small" aria-label={`Delete label ${label.name}`} onClick={() => setDeleting(label)}>
                  <Icon icon={Trash2} />
                  Delete
                </Button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <EditNamedColourDialog
        editing={editing}
        onClose={() => setEditing(null)}
        noun="Label"
        description="The new name and colour show on every issue that has the label."
        save={async (changes) => {
          const saved = await api.labels.update(slug, project.id, editing!.id, changes);
          await refreshWorkflow();
          return saved;
        }}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => void (open || setDeleting(null))}
        title="Delete label"
        description={deleting ? `${deleting.name} is taken off every issue that has it. This cannot be undone.` : ''}
        onDelete={async () => {
          await api.labels.remove(slug, project.id, deleting!.id);
          await refresh();
          notify({ type: 'success', message: `Label ${isolated(deleting!.name)} deleted.` });
          setDeleting(null);
        }}
        onCloseAutoFocus={(event) => {
          // The deleted label's row is gone with its button: focus goes to the new label's name.
          if (event.defaultPrevented || !nameInput.current) return;
          event.preventDefault();
          nameInput.current.focus({ preventScroll: true });
        }}
      />
    </section>
  );
}

