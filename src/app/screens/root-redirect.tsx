import { Navigate } from 'react-router';
import { FullPageMessage } from '../layout/full-page-message.js';
import { useWorkspaces } from '../layout/workspace-data.js';
import { paths } from '../router/paths.js';
import { useCurrentUser } from '../session/session.js';

/** `/`: signed out, the sign-in screen; signed in, the first workspace (or creating one). */
export function RootRedirect() {
  const me = useCurrentUser();
  if (me.isPending) return <FullPageMessage busy title="Loading…" />;
  if (me.isError) return <FullPageMessage title="Could not load your account" message={me.error.message} onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to={paths.signIn()} replace />;
  return <FirstWorkspace />;
}

function FirstWorkspace() {
  const workspaces = useWorkspaces();
  if (workspaces.isPending) return <FullPageMessage busy title="Loading…" />;
  if (workspaces.isError) {
    return <FullPageMessage title="Could not load your workspaces" message={workspaces.error.message} onRetry={() => void workspaces.refetch()} />;
  }
  const first = workspaces.data[0];
  return <Navigate to={first ? paths.workspace(first.slug) : paths.createWorkspace()} replace />;
}
