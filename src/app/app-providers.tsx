import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiProvider } from './api/api-context.js';
import type { Api } from './api/index.js';
import { ThemeProvider } from './ui/theme-provider.js';
import type { ThemeMode } from './ui/theme.js';
import { ToastProvider } from './ui/toasts.js';

/** Everything the screens need above them: the API, server state, the theme and toasts. */
export function AppProviders({ api, queryClient, themeMode, children }: { api: Api; queryClient: QueryClient; themeMode?: ThemeMode; children: ReactNode }) {
  return (
    <ApiProvider api={api}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider initialMode={themeMode}>
          <ToastProvider>{children}</ToastProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </ApiProvider>
  );
}
