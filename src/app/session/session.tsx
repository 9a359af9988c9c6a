import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useApi } from '../api/api-context.js';
import { queryKeys } from '../api/query-keys.js';
import { forgetDrafts } from '../editor/text-drafts.js';
import type { User } from '../api/types.js';
import { paths } from '../router/paths.js';
import { FullPageMessage } from '../layout/full-page-message.js';

/** The signed-in user (null when signed out), from GET /api/users/me. */
export function useCurrentUser() {
  const api = useApi();
  return useQuery<User | null>({
    queryKey: queryKeys.me(),
    // Signed out is an answer, not a failed request (the browser would log a 401 at every visit).
    queryFn: async () => (await api.auth.session()).user,
    staleTime: 5 * 60_000,
  });
}

/**
 * What the browser holds of the person signed in, forgotten once they sign out: everything cached,
 * and the words they left unsent (text-drafts.ts: the next person on a shared computer could read them).
 */
export function forgetSignedInUser(queryClient: QueryClient): void {
  const me = queryClient.getQueryData<User | null>(queryKeys.me());
  if (me) forgetDrafts(me.id);
  queryClient.clear();
  queryClient.setQueryData(queryKeys.me(), null);
}

/** Signs out, forgets what the browser holds of the user (forgetSignedInUser) and goes to the sign-in screen. */
export function useSignOut() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.auth.signOut(),
    onSettled: async () => {
      // Leave the signed-in screens first: they must never render without their user. The
      // navigation is committed at once (not in a transition that a slow engine may still be
      // rendering when the cache is cleared below, re-rendering those screens with no user).
      await navigate(paths.signIn(), { replace: true, flushSync: true });
      forgetSignedInUser(queryClient);
    },
  });
}

/** Layout route: its children render only for a signed-in user; others go to sign-in and come back after. */
export function RequireUser() {
  const me = useCurrentUser();
  const location = useLocation();
  if (me.isPending) return <FullPageMessage busy title="Loading…" />;
  if (me.isError) return <FullPageMessage title="Could not load your account" message={me.error.message} onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to={paths.signIn(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}

/** The signed-in user, inside RequireUser (where it is always loaded). */
export function useSignedInUser(): User {
  const me = useCurrentUser();
  if (!me.data) throw new Error('useSignedInUser needs <RequireUser> above it.');
  return me.data;
}
