import { NO_TOKENS, type ProjectTokenSet, type TokenMatcher, tokenMatcher } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dsmApi, dsmKeys } from '../../api/dsm';

const NO_SETS: ProjectTokenSet[] = [];

/**
 * The design tokens of the dsm projects the project links, read once per project, as a matcher. Tokens hold
 * code pixels (extraction divides by the designs' base scale), so the layer's lengths are divided by the base
 * scale inspect uses before they are compared. A project linking none, a
 * visitor (`teamId` empty) or a failed read matches nothing, so the view is what it is without tokens.
 */
export function useProjectTokens(
  teamId: string,
  projectId: string,
  baseScale: number,
): { matcher: TokenMatcher; linked: boolean } {
  const query = useQuery({
    queryKey: dsmKeys.projectTokens(teamId, projectId),
    queryFn: () => dsmApi.projectTokens({ team_id: teamId, project_id: projectId }),
    enabled: !!teamId && !!projectId,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const sets = Array.isArray(query.data) ? query.data : NO_SETS;
  const matcher = useMemo(() => (sets.length ? tokenMatcher(sets, baseScale) : NO_TOKENS), [sets, baseScale]);
  return { matcher, linked: !matcher.empty };
}
