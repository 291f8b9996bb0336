import { type ComponentType, createElement, lazy, type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { FullPageSpin } from './components/RequireAuth';

/** How the routes load their screens' code: each screen a chunk of its own, fetched on demand or ahead. */

export type Preload = () => Promise<unknown>;
const loaders: Preload[] = [];

/**
 * A component whose code is a chunk of its own, fetched when first shown or earlier through `preload`, so
 * opening the stage does not wait for the code of the inspect view, the settings or the team screens.
 */
export function deferred<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  fallback: ReactNode = <FullPageSpin />,
) {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = pick(module);
      return loaded;
    });
    return loading;
  };
  loaders.push(preload);
  const Lazy = lazy(async () => ({ default: await preload() }));
  // Once the chunk is in, the component renders in the same pass instead of suspending once more.
  const Shown = () => (loaded ? createElement(loaded) : createElement(Lazy));
  const element = (
    <Suspense fallback={fallback}>
      <Shown />
    </Suspense>
  );
  return { element, preload };
}

export function lazyRoute<M>(
  id: string,
  path: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): RouteObject {
  const { element, preload } = deferred(load, pick);
  return { id, path, element, handle: { preload } };
}

/** The route with `before` rendered ahead of its screen. */
export function withElementBefore(before: ReactNode, route: RouteObject): RouteObject {
  return {
    ...route,
    element: (
      <>
        {before}
        {route.element}
      </>
    ),
  };
}

/** Every screen's code, for tests that render the routes and look at once. */
export function preloadAllRoutes(): Promise<unknown> {
  return Promise.all(loaders.map((preload) => preload()));
}
