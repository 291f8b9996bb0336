import { openedAddress } from './firstScreen';
import './i18n';
import 'antd/dist/antd.css';
// One file per area, in this order: later files may rely on earlier ones (base variables, the shell).
import './styles/base.css';
import './styles/shell.css';
import './styles/auth.css';
import './styles/recovery.css';
import './styles/team.css';
import './styles/project-settings.css';
import './styles/item-sidebar.css';
import './styles/item-list.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './App';
import { createAppRouter, preloadRoute } from './router';
import { reloadSession } from './state/session';
import { StorageKeys } from './state/storage';
import { reportFirstScreen } from './state/timing';

// The screen's code loads beside the session check rather than after it. The first render waits for it: a
// screen that suspends instead shows a spinner, and React then holds its reveal back (up to 300 ms).
const screenCode = preloadRoute(openedAddress.pathname);

const router = createAppRouter();

// Another tab signing in or out changes the session here too.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === StorageKeys.token || event.key === StorageKeys.teamId)
    reloadSession();
});

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
void screenCode.then(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  reportFirstScreen();
});
