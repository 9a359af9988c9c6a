import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { SmilePlus } from 'lucide-react';
import { useState } from 'react';
import { REACTIONS, type ReactionKey } from '../../../api-shapes/reactions.js';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import type { Comment } from '../../api/types.js';
import { useWorkspaceMembers } from '../../layout/workspace-data.js';
import { ActionMenu } from '../../ui/action-menu.js';
import { Icon } from '../../ui/icon.js';
import { useNotify } from '../../ui/toasts.js';

interface ReactionsProps {
  slug: string;
  projectId: string;
  issueId: string;
  comment: Comment;
  userId: string;
  /** Members react (not on an archived issue); the others see the reactions only. */
  mayReact: boolean;
  /** The comments' query, which each answer updates in place. */
  commentsKey: QueryKey;
}

const byKey = new Map(REACTIONS.map((reaction) => [reaction.key, reaction]));

/** Who gave a reaction, as its button says it: "you", then the others by name ("someone" for an unknown account). */
function whoReacted(userIds: readonly string[], userId: string, names: ReadonlyMap<string, string>): string {
  const people = [...(userIds.includes(userId) ? ['you'] : []), ...userIds.filter((id) => id !== userId).map((id) => names.get(id) ?? 'someone')];
  return people.length > 1 ? `${people.slice(0, -1).join(', ')} and ${people.at(-1)}` : (people[0] ?? '');
}

/**
 * A comment's reactions: one toggle per reaction given (its emoji and how many; pressed when one
 * of them is the reader's, whose click takes it back, and otherwise gives it), and for members an
 * "Add reaction" menu of every reaction. Each answer replaces the comment in the list.
 */
export function CommentReactions({ slug, projectId, issueId, comment, userId, mayReact, commentsKey }: ReactionsProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const members = useWorkspaceMembers(slug);
  const [busy, setBusy] = useState<ReactionKey | null>(null);
  const names = new Map((members.data ?? []).map((member) => [member.id, member.display_name]));
  if (!comment.reactions.length && !mayReact) return null;

  const react = async (reaction: ReactionKey, give: boolean) => {
    setBusy(reaction);
    try {
      const changed = await api.comments.react(slug, projectId, issueId, comment.id, reaction, give);
      queryClient.setQueryData<Comment[]>(commentsKey, (list) => list?.map((each) => (each.id === changed.id ? changed : each)));
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="app-comment-reactions" role="group" aria-label="Reactions">
      {comment.reactions.map(({ reaction, user_ids: userIds }) => {
        const known = byKey.get(reaction)!;
        const mine = userIds.includes(userId);
        // "2 Thumbs up: you and Grace": the count shown is part of the name.
        const label = `${userIds.length} ${known.name}: ${whoReacted(userIds, userId, names)}`;
        return (
          <button
            key={reaction}
            type="button"
            className="app-reaction"
            aria-pressed={mine}
            aria-disabled={!mayReact || busy !== null || undefined}
            aria-label={label}
            title={label}
            onClick={() => (mayReact && busy === null ? void react(reaction, !mine) : undefined)}
          >
            <span aria-hidden="true">{known.emoji}</span> {userIds.length}
          </button>
        );
      })}
      {mayReact ? (
        <ActionMenu
          label="Add reaction"
          align="start"
          actions={REACTIONS.map((reaction) => ({ label: `${reaction.emoji} ${reaction.name}`, onSelect: () => void react(reaction.key, true) }))}
        >
          <Icon icon={SmilePlus} />
        </ActionMenu>
      ) : null}
    </div>
  );
}
