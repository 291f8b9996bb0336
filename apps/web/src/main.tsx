import './i18n';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './App';
import { createAppRouter } from './router';
import { reloadSession } from './state/session';
import { StorageKeys } from './state/storage';

const router = createAppRouter();

// Another tab signing in or out changes the session here too.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === StorageKeys.token || event.key === StorageKeys.teamId)
    reloadSession();
});

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
