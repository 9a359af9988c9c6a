import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { userAssetIdFromUrl } from '../api/file-assets.js';
import { queryKeys } from '../api/query-keys.js';
import { useUploadLimit } from '../editor/use-upload-limit.js';
import { useSignedInUser } from '../session/session.js';
import { Button } from '../ui/button.js';
import { Note } from '../ui/note.js';
import { Avatar } from '../ui/avatar.js';
import { useNotify } from '../ui/toasts.js';
import { ImageUploadDialog } from '../widgets/image-upload/index.js';

/**
 * The signed-in user's profile picture: upload one (through the same dialog as a workspace logo),
 * change or remove it. The replaced file is deleted only once the profile points at the new one,
 * so a failure on the way leaves a stray file, never a broken picture.
 */
export function ProfilePicture() {
  const api = useApi();
  const user = useSignedInUser();
  const uploadLimit = useUploadLimit();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [uploading, setUploading] = useState(false);
  const setAvatar = useMutation({
    mutationFn: (avatar: string | null) => api.users.updateMe({ avatar }),
    onSuccess: async (updated, avatar) => {
      const oldId = user.avatar && user.avatar !== avatar ? userAssetIdFromUrl(user.avatar) : null;
      queryClient.setQueryData(queryKeys.me(), updated);
      if (oldId) await api.users.removeImage(oldId).catch(() => undefined);
      notify({ type: 'success', message: avatar ? 'Profile picture updated.' : 'Profile picture removed.' });
    },
    onError: (error) => notify({ type: 'error', message: errorMessage(error) }),
  });
  return (
    <div className="app-inline-form app-profile-picture">
      {user.avatar ? <Avatar name={user.display_name} src={user.avatar} size="large" /> : <Note>No profile picture yet.</Note>}
      <Button onClick={() => setUploading(true)} busy={setAvatar.isPending}>
        {user.avatar ? 'Change picture' : 'Upload picture'}
      </Button>
      {user.avatar ? (
        <Button variant="ghost" onClick={() => setAvatar.mutate(null)} busy={setAvatar.isPending}>
          Remove picture
        </Button>
      ) : null}
      <ImageUploadDialog
        open={uploading}
        onOpenChange={setUploading}
        title="Upload profile picture"
        maxSize={uploadLimit}
        upload={async (file, onProgress) => {
          const asset = await api.users.uploadImage(file);
          onProgress(100);
          return asset.asset;
        }}
        onUploaded={(url) => setAvatar.mutate(url)}
      />
    </div>
  );
}
