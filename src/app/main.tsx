import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { createApi } from './api/index.js';
import { createQueryClient } from './api/query-client.js';
import { AppProviders } from './app-providers.js';
import { AppRouter } from './router/app-router.js';
import { appRoutes } from './router/routes.js';

// The entry page (demo/app.html) has one #root; the server sends that page for every app route.
const container = document.getElementById('root');
if (container) {
  const router = createBrowserRouter(appRoutes);
  createRoot(container).render(
    <StrictMode>
      <AppProviders api={createApi()} queryClient={createQueryClient()}>
        <AppRouter router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
