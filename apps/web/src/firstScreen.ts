/**
 * Imported first by main.tsx. Modules run in import order, so a stage's first calls start here, before React
 * DOM and the components are evaluated.
 */
import { prefetchStageOf } from './pages/stage/stageQueries';

export const openedAddress = new URL(window.location.hash.replace(/^#/, '') || '/', window.location.origin);

prefetchStageOf(openedAddress.pathname, openedAddress.searchParams);
