import type { ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { INVITATION_PATH } from '../../api-shapes/invitation-link.js';
import { FullPageMessage } from '../layout/full-page-message.js';
import { NotFoundScreen } from '../screens/not-found-screen.js';
import { RouteErrorScreen } from '../screens/route-error-screen.js';
import { RequireUser } from '../session/session.js';

/** A route whose screen is loaded on first visit: each screen is a chunk of its own in the build. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

const projectSection = (path: string, route: Pick<RouteObject, 'lazy'>): RouteObject => ({ path, ...route });

/**
 * The app's routes: the spec's paths (issue, cycle, module, profile, settings) and the app's own.
 * Signed-out visitors reach only the account screens and an invitation's page; anything unknown is the not-found screen.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <FullPageMessage busy title="Loading…" />,
    children: [
      { path: '/', ...screen(() => import('../screens/root-redirect.js'), (m) => m.RootRedirect) },
      { path: '/accounts/sign-in', ...screen(() => import('../screens/sign-in-screen.js'), (m) => m.SignInScreen) },
      { path: '/accounts/sign-up', ...screen(() => import('../screens/sign-up-screen.js'), (m) => m.SignUpScreen) },
      { path: '/accounts/forgot-password', ...screen(() => import('../screens/password-reset-screens.js'), (m) => m.ForgotPasswordScreen) },
      { path: '/accounts/reset-password', ...screen(() => import('../screens/password-reset-screens.js'), (m) => m.ResetPasswordScreen) },
      { path: INVITATION_PATH, ...screen(() => import('../screens/invitation-screen.js'), (m) => m.InvitationScreen) },
      { path: '/404', element: <NotFoundScreen /> },
      {
        element: <RequireUser />,
        children: [
          { path: '/onboarding', ...screen(() => import('../screens/onboarding-screen.js'), (m) => m.OnboardingScreen) },
          { path: '/create-workspace', ...screen(() => import('../screens/create-workspace-screen.js'), (m) => m.CreateWorkspaceScreen) },
          { path: '/profile', ...screen(() => import('../screens/profile-settings-screen.js'), (m) => m.ProfileSettingsRedirect) },
          {
            path: '/:workspaceSlug',
            ...screen(() => import('../layout/workspace-layout.js'), (m) => m.WorkspaceLayout),
            children: [
              { index: true, ...screen(() => import('../screens/workspace-home-screen.js'), (m) => m.WorkspaceHomeScreen) },
              { path: 'projects', ...screen(() => import('../screens/projects-screen.js'), (m) => m.ProjectsScreen) },
              {
                path: 'projects/:projectId',
                ...screen(() => import('../layout/project-layout.js'), (m) => m.ProjectLayout),
                children: [
                  { index: true, element: <Navigate to="issues" replace /> },
                  projectSection('issues', screen(() => import('../screens/project-issues-screen.js'), (m) => m.ProjectIssuesScreen)),
                  projectSection('issues/:issueId', screen(() => import('../screens/issue-detail-screen.js'), (m) => m.IssueDetailScreen)),
                  projectSection('cycles', screen(() => import('../screens/planning/planning-list-screen.js'), (m) => m.CyclesScreen)),
                  projectSection('cycles/:cycleId', screen(() => import('../screens/planning/planning-screen.js'), (m) => m.CycleScreen)),
                  projectSection('modules', screen(() => import('../screens/planning/planning-list-screen.js'), (m) => m.ModulesScreen)),
                  projectSection('modules/:moduleId', screen(() => import('../screens/planning/planning-screen.js'), (m) => m.ModuleScreen)),
                  projectSection('views', screen(() => import('../screens/views-screen.js'), (m) => m.ViewsScreen)),
                  projectSection('pages', screen(() => import('../screens/pages-screen.js'), (m) => m.PagesScreen)),
                  projectSection('pages/:pageId', screen(() => import('../screens/page-editor-screen.js'), (m) => m.PageEditorScreen)),
                  projectSection('settings', screen(() => import('../screens/project-settings-screen.js'), (m) => m.ProjectSettingsScreen)),
                  projectSection('archives', screen(() => import('../screens/archives-screen.js'), (m) => m.ArchivesScreen)),
                  projectSection('inbox', screen(() => import('../screens/inbox-screen.js'), (m) => m.InboxScreen)),
                  { path: '*', element: <NotFoundScreen embedded /> },
                ],
              },
              { path: 'workspace-views/:tab', ...screen(() => import('../screens/workspace-issues-screen.js'), (m) => m.WorkspaceIssuesScreen) },
              { path: 'drafts', ...screen(() => import('../screens/drafts-screen.js'), (m) => m.DraftsScreen) },
              { path: 'notifications', ...screen(() => import('../screens/notifications-screen.js'), (m) => m.NotificationsScreen) },
              { path: 'analytics', ...screen(() => import('../screens/analytics-screen.js'), (m) => m.AnalyticsScreen) },
              { path: 'profile/:userId', ...screen(() => import('../screens/user-profile-screen.js'), (m) => m.UserProfileScreen) },
              // The user's own settings, in the workspace's shell like every other screen (not a workspace settings tab).
              { path: 'settings/account', ...screen(() => import('../screens/profile-settings-screen.js'), (m) => m.ProfileSettingsScreen) },
              {
                path: 'settings',
                ...screen(() => import('../screens/settings-layout.js'), (m) => m.SettingsLayout),
                children: [
                  { index: true, ...screen(() => import('../screens/settings-general-screen.js'), (m) => m.SettingsGeneralScreen) },
                  { path: 'members', ...screen(() => import('../screens/settings-members-screen.js'), (m) => m.SettingsMembersScreen) },
                  { path: 'billing', ...screen(() => import('../screens/settings-billing-screen.js'), (m) => m.SettingsBillingScreen) },
                  { path: 'exports', ...screen(() => import('../screens/settings-exports-screen.js'), (m) => m.SettingsExportsScreen) },
                  { path: 'webhooks', ...screen(() => import('../screens/settings-webhooks-screen.js'), (m) => m.SettingsWebhooksScreen) },
                  { path: 'api-tokens', ...screen(() => import('../screens/settings-api-tokens-screen.js'), (m) => m.SettingsApiTokensScreen) },
                ],
              },
              { path: '*', element: <NotFoundScreen embedded /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
