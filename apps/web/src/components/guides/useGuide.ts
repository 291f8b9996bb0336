import { GUIDE_DISMISSED, GUIDE_NAMES, type GuideName, type GuidesAnswer } from '@ferry/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { preferencesApi } from '../../api/preferences';
import { useShareVisitor } from '../../pages/share/visitorContext';
import { useSession } from '../../state/session';

/**
 * First-time guides (spec 000 §3, §6): a guide shows to a signed-in member once, until dismissed, and never
 * on a share link's pages or to its visitors; nothing shows when the server has guides switched off. Of the
 * guides on screen only one shows at a time, the first in GUIDE_NAMES' order.
 */

const mounted = new Map<GuideName, number>();
const listeners = new Set<() => void>();
let mountedKey = '';

function changeMounted(name: GuideName, by: 1 | -1) {
  const count = (mounted.get(name) ?? 0) + by;
  if (count > 0) mounted.set(name, count);
  else mounted.delete(name);
  mountedKey = GUIDE_NAMES.filter((guide) => mounted.has(guide)).join(',');
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const mountedNames = () => mountedKey;

export const guidesQueryKey = (userId: string | null) => ['guides', userId] as const;

const onSharePage = () => typeof window !== 'undefined' && window.location.hash.startsWith('#/share');

export function useGuide(name: GuideName): { open: boolean; dismiss: () => void } {
  const { userId } = useSession();
  const visitor = useShareVisitor();
  const eligible = Boolean(userId) && !visitor && !onSharePage();
  const queryClient = useQueryClient();
  const guides = useQuery({
    queryKey: guidesQueryKey(userId),
    // No answer reads as no guides (null: a query's data cannot be undefined).
    queryFn: async () => (await preferencesApi.guides()) ?? null,
    enabled: eligible,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  useEffect(() => {
    if (!eligible) return;
    changeMounted(name, 1);
    return () => changeMounted(name, -1);
  }, [name, eligible]);
  const onScreen = useSyncExternalStore(subscribe, mountedNames, mountedNames);

  const answer = guides.data;
  const first = answer?.enabled
    ? onScreen.split(',').find((guide) => answer.guides[guide as GuideName] === true)
    : undefined;

  const dismiss = useCallback(() => {
    // Hidden at once; the server keeps it dismissed for every later visit and browser.
    queryClient.setQueryData<GuidesAnswer>(guidesQueryKey(userId), (old) =>
      old ? { ...old, guides: { ...old.guides, [name]: GUIDE_DISMISSED } } : old,
    );
    void preferencesApi.dismissGuide(name).catch(() => undefined);
  }, [queryClient, userId, name]);

  return { open: eligible && first === name, dismiss };
}
