import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../App';
import { preloadAllRoutes } from '../routeLoading';
import { routes } from '../router';
import { setRouterBridge } from '../state/navigation';

// The screens are chunks loaded on first show; loaded up front, a test finds them on its first look.
await preloadAllRoutes();

/** Renders the real app (providers and routes) at `path`, with an in-memory router. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setRouterBridge({
    navigate: (to, options) => void router.navigate(to, options),
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, location };
}
