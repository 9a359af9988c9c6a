import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiProvider } from './api/api-context.js';
import type { Api } from './api/index.js';
import { ThemeProvider } from './ui/theme-provider.js';
import type { ThemeMode } from './ui/theme.js';
import { ToastProvider } from './ui/toasts.js';
import { NowProvider } from './ui/today.js';

const realNow = () => new Date();

/** Everything the screens need above them: the API, server state, the theme, toasts, and the wall clock days are read from (the real one unless given). */
export function AppProviders({
  api,
  queryClient,
  themeMode,
  now = realNow,
  children,
}: {
  api: Api;
  queryClient: QueryClient;
  themeMode?: ThemeMode;
  now?: () => Date;
  children: ReactNode;
}) {
  return (
    <ApiProvider api={api}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider initialMode={themeMode}>
          <NowProvider now={now}>
            <ToastProvider>{children}</ToastProvider>
          </NowProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </ApiProvider>
  );
}
