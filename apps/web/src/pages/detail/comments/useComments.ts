import type { CommentThread } from '@ferry/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CommentScope, commentKeys, commentsApi, type ThreadFilter } from '../../../api/comments';
import { formErrorText } from '../../../forms/errors';
import { imageDetailKey } from '../../stage/paths';

/** What every comments view names: the design and version it shows. */
export interface CommentTarget {
  teamId: string;
  projectId: string;
  imageId: string;
  versionId: string;
}

export const scopeOf = (target: CommentTarget): CommentScope => ({
  team_id: target.teamId,
  project_id: target.projectId,
});

/** The threads of the version; `all` is shared by the pins and the panel's open and resolved filters. */
export function useThreads(target: CommentTarget, filter: ThreadFilter = 'all', enabled = true) {
  const { teamId, projectId, imageId, versionId } = target;
  return useQuery({
    queryKey: commentKeys.threads(teamId, projectId, imageId, versionId, filter),
    queryFn: () => commentsApi.threads(scopeOf(target), imageId, versionId, filter),
    enabled: enabled && !!imageId && !!versionId,
    select: (answer) => answer.threads,
  });
}

/** The thread holding `commentId` (a thread or a reply) when it is not among the version's threads. */
export function useThread(target: CommentTarget, commentId: string | null, enabled: boolean) {
  const { teamId, projectId, imageId } = target;
  return useQuery({
    queryKey: commentKeys.thread(teamId, projectId, imageId, commentId ?? ''),
    queryFn: () => commentsApi.thread(scopeOf(target), commentId ?? ''),
    enabled: enabled && !!commentId,
    retry: false,
  });
}

/** The thread of `threads` that `commentId` names, as its first comment or as one of its replies. */
export function threadHolding<Thread extends Pick<CommentThread, 'id'> & { replies: { id: string }[] }>(
  threads: readonly Thread[] | undefined,
  commentId: string | null | undefined,
): Thread | undefined {
  if (!commentId || !threads) return undefined;
  return threads.find(
    (thread) => thread.id === commentId || thread.replies.some((reply) => reply.id === commentId),
  );
}

/**
 * Everyone who may be @mentioned: all who see the project (in mode A the whole team), not only those added to
 * it. Under the project's members key, so a change of members refreshes it too. Never asked for a share link's
 * visitor (`enabled` false): the server refuses them the team's people.
 */
export function useMentionCandidates(teamId: string, projectId: string, enabled = true) {
  return useQuery({
    queryKey: ['team', teamId, 'project', projectId, 'members', 'mentionable'],
    queryFn: () => commentsApi.people({ team_id: teamId, project_id: projectId }),
    enabled: enabled && !!projectId,
    staleTime: 60_000,
    select: (answer) => answer.people,
  });
}

/** After any change: the design's threads, and its counts on the detail and the stage. */
export function useRefreshComments(target: CommentTarget) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({
      queryKey: commentKeys.design(target.teamId, target.projectId, target.imageId),
    });
    void client.invalidateQueries({
      queryKey: imageDetailKey(target.teamId, target.projectId, target.imageId),
    });
  };
}

/** A refused change as a toast in the server's words, unless the client already reacted to it. */
export function useCommentFailure() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (error: unknown) => {
    const text = formErrorText(error, t('common.requestFailed'));
    if (text) void message.error(text);
  };
}
