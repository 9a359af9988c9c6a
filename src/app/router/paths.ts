import { INVITATION_PATH } from '../../api-shapes/invitation-link.js';
import { RESET_PASSWORD_PATH } from '../../api-shapes/password-reset.js';

/** The route patterns of the app, spec paths first (section 2). */
export const ROUTES = {
  issue: '/:workspaceSlug/projects/:projectId/issues/:issueId',
  cycle: '/:workspaceSlug/projects/:projectId/cycles/:cycleId',
  module: '/:workspaceSlug/projects/:projectId/modules/:moduleId',
  userProfile: '/:workspaceSlug/profile/:userId',
  settings: '/:workspaceSlug/settings',
  settingsMembers: '/:workspaceSlug/settings/members',
  settingsBilling: '/:workspaceSlug/settings/billing',
  settingsExports: '/:workspaceSlug/settings/exports',
  settingsWebhooks: '/:workspaceSlug/settings/webhooks',
  settingsApiTokens: '/:workspaceSlug/settings/api-tokens',
  accountSettings: '/:workspaceSlug/settings/account',
  root: '/',
  signIn: '/accounts/sign-in',
  signUp: '/accounts/sign-up',
  forgotPassword: '/accounts/forgot-password',
  resetPassword: RESET_PASSWORD_PATH,
  invitation: INVITATION_PATH,
  onboarding: '/onboarding',
  createWorkspace: '/create-workspace',
  profileSettings: '/profile',
  notFound: '/404',
  workspace: '/:workspaceSlug',
  projects: '/:workspaceSlug/projects',
  project: '/:workspaceSlug/projects/:projectId',
  projectIssues: '/:workspaceSlug/projects/:projectId/issues',
  cycles: '/:workspaceSlug/projects/:projectId/cycles',
  modules: '/:workspaceSlug/projects/:projectId/modules',
  views: '/:workspaceSlug/projects/:projectId/views',
  pages: '/:workspaceSlug/projects/:projectId/pages',
  page: '/:workspaceSlug/projects/:projectId/pages/:pageId',
  projectSettings: '/:workspaceSlug/projects/:projectId/settings',
  archives: '/:workspaceSlug/projects/:projectId/archives',
  inbox: '/:workspaceSlug/projects/:projectId/inbox',
  workspaceIssues: '/:workspaceSlug/workspace-views/:tab',
  drafts: '/:workspaceSlug/drafts',
  notifications: '/:workspaceSlug/notifications',
  analytics: '/:workspaceSlug/analytics',
} as const;

const seg = encodeURIComponent;
const ws = (slug: string) => `/${seg(slug)}`;
const project = (slug: string, projectId: string) => `${ws(slug)}/projects/${seg(projectId)}`;

/** Builders of the app's addresses; every segment is encoded. */
export const paths = {
  root: () => '/',
  signIn: (next?: string) => (next ? `/accounts/sign-in?next=${seg(next)}` : '/accounts/sign-in'),
  signUp: () => '/accounts/sign-up',
  /** Asking for a link to choose a new password, the email field filled with `email` when given. */
  forgotPassword: (email?: string) => (email ? `/accounts/forgot-password?email=${seg(email)}` : '/accounts/forgot-password'),
  onboarding: () => '/onboarding',
  createWorkspace: () => '/create-workspace',
  /** The user's own settings outside any workspace; it opens them in the first workspace's layout. */
  profileSettings: () => '/profile',
  /** The user's own settings (profile and theme) inside workspace `slug`'s layout. */
  accountSettings: (slug: string) => `${ws(slug)}/settings/account`,
  workspace: ws,
  projects: (slug: string) => `${ws(slug)}/projects`,
  projectIssues: (slug: string, projectId: string) => `${project(slug, projectId)}/issues`,
  issue: (slug: string, projectId: string, issueId: string) => `${project(slug, projectId)}/issues/${seg(issueId)}`,
  cycles: (slug: string, projectId: string) => `${project(slug, projectId)}/cycles`,
  cycle: (slug: string, projectId: string, cycleId: string) => `${project(slug, projectId)}/cycles/${seg(cycleId)}`,
  modules: (slug: string, projectId: string) => `${project(slug, projectId)}/modules`,
  module: (slug: string, projectId: string, moduleId: string) => `${project(slug, projectId)}/modules/${seg(moduleId)}`,
  views: (slug: string, projectId: string) => `${project(slug, projectId)}/views`,
  pages: (slug: string, projectId: string) => `${project(slug, projectId)}/pages`,
  page: (slug: string, projectId: string, pageId: string) => `${project(slug, projectId)}/pages/${seg(pageId)}`,
  projectSettings: (slug: string, projectId: string) => `${project(slug, projectId)}/settings`,
  archives: (slug: string, projectId: string) => `${project(slug, projectId)}/archives`,
  inbox: (slug: string, projectId: string) => `${project(slug, projectId)}/inbox`,
  workspaceIssues: (slug: string, tab: string) => `${ws(slug)}/workspace-views/${seg(tab)}`,
  drafts: (slug: string) => `${ws(slug)}/drafts`,
  notifications: (slug: string) => `${ws(slug)}/notifications`,
  analytics: (slug: string) => `${ws(slug)}/analytics`,
  /** A member's profile, at one of its tabs (the summary when none). */
  userProfile: (slug: string, userId: string, tab?: string) => `${ws(slug)}/profile/${seg(userId)}${tab ? `?tab=${seg(tab)}` : ''}`,
  settings: (slug: string, page = '') => `${ws(slug)}/settings${page ? `/${page}` : ''}`,
};

/** The spec's workspace settings menu: entry, path under /{slug}, minimum role. */
export const SETTINGS_MENU = [
  { label: 'General', page: '', minRole: 5 },
  { label: 'Members', page: 'members', minRole: 5 },
  { label: 'Billing and plans', page: 'billing', minRole: 20 },
  { label: 'Exports', page: 'exports', minRole: 15 },
  { label: 'Webhooks', page: 'webhooks', minRole: 20 },
  { label: 'API tokens', page: 'api-tokens', minRole: 20 },
] as const;

/** The spec's reserved top-level slugs, and the API's own words: a workspace cannot use them (the server's rules). */
export { API_PATH_SLUGS, RESERVED_SLUGS } from '../../api-shapes/workspace-slug.js';

/** A same-site path to go to after sign-in, or null for anything else (an absolute or protocol-relative URL). */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
