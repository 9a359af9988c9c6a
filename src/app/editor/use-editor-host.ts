import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { MentionItem } from '../../core/index.js';
import type { MentionClickDetail } from '../../react/index.js';
import { useApi } from '../api/api-context.js';
import { assetIdFromUrl } from '../api/file-assets.js';
import { queryKeys } from '../api/query-keys.js';
import type { Member } from '../api/types.js';
import { paths } from '../router/paths.js';

/** The mention entity name of a person. */
export const USER_MENTION = 'user_mention';

/** A workspace member as a mention suggestion: their display name, linking to their profile. */
export function memberMention(slug: string, member: Member): MentionItem {
  return {
    id: member.id,
    title: member.display_name,
    ...(member.avatar ? { avatar: member.avatar } : {}),
    entity_identifier: member.id,
    entity_name: USER_MENTION,
    redirect_uri: paths.userProfile(slug, member.id),
  };
}

/** The host callbacks every editor of workspace `slug` gets, named as the editor's props (so `{...host}` passes them). */
export interface EditorHost {
  uploadFile(file: File, context?: { signal?: AbortSignal }): Promise<string>;
  deleteFile(path: string): Promise<void> | undefined;
  restoreFile(path: string): Promise<void> | undefined;
  mentionSuggestions(query: string): Promise<MentionItem[]>;
  mentionHighlights(): Promise<string[]>;
  onMentionClick(event: CustomEvent<MentionClickDetail>): void;
}

/**
 * The editor's host callbacks in workspace `slug`: images go through the workspace's file
 * assets (upload, delete and restore by the asset id in the image's address), mentions suggest
 * the workspace's members and highlight the signed-in user, and a mention click is routed
 * inside the app instead of reloading the page.
 */
export function useEditorHost(slug: string, currentUserId: string, attributes: Record<string, unknown> = {}): EditorHost {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const attributesKey = JSON.stringify(attributes);
  return useMemo<EditorHost>(() => {
    const uploadAttributes = JSON.parse(attributesKey) as Record<string, unknown>;
    const byAsset = (path: string, call: (id: string) => Promise<void>) => {
      const id = assetIdFromUrl(path);
      // Images from elsewhere (pasted addresses) are not ours to delete or restore.
      return id ? call(id) : undefined;
    };
    return {
      // The editor aborts the signal when the user cancels the upload: the request stops too.
      uploadFile: async (file, context) => (await api.fileAssets.upload(slug, file, uploadAttributes, context?.signal)).asset,
      deleteFile: (path) => byAsset(path, api.fileAssets.remove),
      restoreFile: (path) => byAsset(path, api.fileAssets.restore),
      mentionSuggestions: async () => {
        const members = await queryClient.fetchQuery({ queryKey: queryKeys.members(slug), queryFn: () => api.workspaces.members(slug), staleTime: 5 * 60_000 });
        return members.map((member) => memberMention(slug, member));
      },
      mentionHighlights: async () => [currentUserId],
      onMentionClick: (event) => {
        // Only the app's own paths are routed; another site's address keeps the element's default.
        const target = event.detail.redirect_uri;
        if (!target.startsWith('/') || target.startsWith('//')) return;
        event.preventDefault();
        navigate(target);
      },
    };
  }, [api, queryClient, navigate, slug, currentUserId, attributesKey]);
}
