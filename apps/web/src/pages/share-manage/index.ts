import { lazyNamed } from '../../components/OnceOpened';

export type { ShareTarget } from './target';
export { selectionTarget } from './target';

/** The share dialog's code loads when it is first opened (mount it inside OnceOpened). */
export const LazyShareDialog = lazyNamed(
  () => import('./ShareDialog'),
  (module) => module.ShareDialog,
);

/** The share-link lists of project and team settings, loaded when their tab is opened. */
export const LazyProjectShareLinksTab = lazyNamed(
  () => import('./ShareLinksTabs'),
  (module) => module.ProjectShareLinksTab,
);
export const LazyTeamShareLinksTab = lazyNamed(
  () => import('./ShareLinksTabs'),
  (module) => module.TeamShareLinksTab,
);
