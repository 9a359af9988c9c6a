import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { assetIdFromUrl } from '../api/file-assets.js';
import { queryKeys } from '../api/query-keys.js';
import type { Workspace } from '../api/types.js';
import { useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, Role, roleName } from '../roles.js';
import { Button } from '../ui/button.js';
import { FormError, TextField } from '../ui/form-field.js';
import { Note } from '../ui/note.js';
import { useNotify } from '../ui/toasts.js';
import { ImageUploadDialog } from '../widgets/image-upload/index.js';
import { useUploadLimit } from '../editor/use-upload-limit.js';
import { SettingsGuard } from './settings-layout.js';

/** Settings, General: the workspace's name (admins rename it), its logo (admins upload one), address and the user's role. */
export function SettingsGeneralScreen() {
  const workspace = useWorkspace(useWorkspaceSlug());
  return (
    <SettingsGuard page="">
      {workspace.data ? (
        <>
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
          {can(workspace.data.role, Role.Admin) ? <WorkspaceForm key={workspace.data.id} workspace={workspace.data} /> : null}
        </>
      ) : null}
    </SettingsGuard>
  );
}

function WorkspaceForm({ workspace }: { workspace: Workspace }) {
  const api = useApi();
  const uploadLimit = useUploadLimit();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [name, setName] = useState(workspace.name);
  const [uploading, setUploading] = useState(false);
  const saved = async (next: Workspace) => {
    queryClient.setQueryData(queryKeys.workspace(workspace.slug), next);
    await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces(), exact: true });
  };
  const rename = useMutation({
    mutationFn: () => api.workspaces.update(workspace.slug, { name: name.trim() }),
    onSuccess: async (next) => {
      await saved(next);
      notify({ type: 'success', message: 'Workspace renamed.' });
    },
  });
  const setLogo = useMutation({
    mutationFn: (logo: string | null) => api.workspaces.update(workspace.slug, { logo }),
    onSuccess: async (next, logo) => {
      const old = workspace.logo;
      await saved(next);
      // The old file goes only once the new logo is in place; a failure there leaves a stray file, not a broken logo.
      const oldId = old && old !== logo ? assetIdFromUrl(old) : null;
      if (oldId) await api.fileAssets.remove(oldId).catch(() => undefined);
      notify({ type: 'success', message: logo ? 'Logo updated.' : 'Logo removed.' });
    },
    onError: (error) => notify({ type: 'error', message: errorMessage(error) }),
  });

  return (
    <>
      <form
        className="app-inline-form"
        aria-label="Rename the workspace"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() && name.trim() !== workspace.name) rename.mutate();
        }}
      >
        <TextField label="Workspace name" value={name} maxLength={80} required onChange={(event) => setName(event.target.value)} />
        <Button type="submit" variant="primary" busy={rename.isPending} disabled={!name.trim() || name.trim() === workspace.name}>
          Save name
        </Button>
      </form>
      <FormError message={rename.isError ? errorMessage(rename.error) : null} />
      <h3>Logo</h3>
      <div className="app-inline-form">
        {workspace.logo ? <img src={workspace.logo} alt="Workspace logo" width={48} height={48} /> : <Note>No logo yet.</Note>}
        <Button onClick={() => setUploading(true)} busy={setLogo.isPending}>
          {workspace.logo ? 'Change logo' : 'Upload logo'}
        </Button>
        {workspace.logo ? (
          <Button variant="ghost" onClick={() => setLogo.mutate(null)} busy={setLogo.isPending}>
            Remove logo
          </Button>
        ) : null}
      </div>
      <ImageUploadDialog
        open={uploading}
        onOpenChange={setUploading}
        title="Upload workspace logo"
        maxSize={uploadLimit}
        upload={async (file, onProgress) => {
          const asset = await api.fileAssets.upload(workspace.slug, file, { entity_name: 'WORKSPACE_LOGO' });
          onProgress(100);
          return asset.asset;
        }}
        onUploaded={(url) => setLogo.mutate(url)}
      />
    </>
  );
}
