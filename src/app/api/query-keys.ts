/**
 * React Query keys, nested so that invalidating a prefix refreshes everything under it
 * (invalidating a project's key refreshes its issues, states and members).
 */
export const queryKeys = {
  instance: () => ['instance'] as const,
  me: () => ['me'] as const,
  theme: () => ['me', 'theme'] as const,
  workspaces: () => ['workspaces'] as const,
  workspace: (slug: string) => ['workspaces', slug] as const,
  members: (slug: string) => ['workspaces', slug, 'members'] as const,
  invitations: (slug: string) => ['workspaces', slug, 'invitations'] as const,
  projects: (slug: string) => ['workspaces', slug, 'projects'] as const,
  project: (slug: string, projectId: string) => ['workspaces', slug, 'projects', projectId] as const,
  projectMembers: (slug: string, projectId: string) => ['workspaces', slug, 'projects', projectId, 'members'] as const,
  projectIntegrations: (slug: string, projectId: string) => ['workspaces', slug, 'projects', projectId, 'integrations'] as const,
  estimate: (slug: string, projectId: string) => ['workspaces', slug, 'projects', projectId, 'estimate'] as const,
  automations: (slug: string, projectId: string) => ['workspaces', slug, 'projects', projectId, 'automations'] as const,
  automationPreview: (slug: string, projectId: string, archiveIn: number, closeIn: number) => ['workspaces', slug, 'projects', projectId, 'automations', 'preview', archiveIn, closeIn] as const,
  states: (slug: string, projectId: string) => ['workspaces', slug, 'projects', projectId, 'states'] as const,
  issues: (slug: string, projectId: string) => ['workspaces', slug, 'projects', projectId, 'issues'] as const,
  issue: (slug: string, projectId: string, issueId: string) => ['workspaces', slug, 'projects', projectId, 'issues', issueId] as const,
  /** One open page (`pageId`), or with none every open page of the project. */
  page: (slug: string, projectId: string, pageId?: string) => ['workspaces', slug, 'projects', projectId, 'page', ...(pageId ? [pageId] : [])] as const,
  drafts: (slug: string) => ['workspaces', slug, 'drafts'] as const,
  favorites: (slug: string) => ['workspaces', slug, 'favorites'] as const,
  webhooks: (slug: string) => ['workspaces', slug, 'webhooks'] as const,
  webhookDeliveries: (slug: string, webhookId: string) => ['workspaces', slug, 'webhooks', webhookId, 'deliveries'] as const,
  imports: (slug: string, projectId: string) => ['workspaces', slug, 'projects', projectId, 'imports'] as const,
  importJob: (slug: string, projectId: string, importId: string) => ['workspaces', slug, 'projects', projectId, 'imports', importId] as const,
  views: (slug: string, projectId: string) => ['workspaces', slug, 'projects', projectId, 'views'] as const,
  intake: (slug: string, projectId: string) => ['workspaces', slug, 'projects', projectId, 'intake'] as const,
  view: (slug: string, viewId: string) => ['workspaces', slug, 'views', viewId] as const,
  apiTokens: (slug: string) => ['workspaces', slug, 'api-tokens'] as const,
  memberApiTokens: (slug: string) => ['workspaces', slug, 'api-tokens', 'members'] as const,
  analytics: (slug: string) => ['workspaces', slug, 'analytics'] as const,
  workspaceIssueTabs: (slug: string) => ['workspaces', slug, 'issues'] as const,
  /** A member's issues in numbers: under the issue tabs' key, so whatever refreshes the tabs refreshes it. */
  memberSummary: (slug: string, userId: string) => ['workspaces', slug, 'issues', 'summary', userId] as const,
  /** The activity across the workspace's projects: everyone's, or with `actor` one person's. */
  activity: (slug: string, actor?: string) => ['workspaces', slug, 'activity', ...(actor ? [actor] : [])] as const,
  workspaceIssues: (slug: string, tab: string) => ['workspaces', slug, 'issues', tab] as const,
  planning: (slug: string, projectId: string, kind: string) => ['workspaces', slug, 'projects', projectId, kind] as const,
  notifications: (slug: string) => ['workspaces', slug, 'notifications'] as const,
  unreadCount: (slug: string) => ['workspaces', slug, 'notifications', 'unread-count'] as const,
};

/**
 * What shows a project's labels and workflow states: the project (its issues, pickers, boards and
 * settings), the workspace's issue tabs and analytics.
 */
export function projectWorkflowKeys(slug: string, projectId: string) {
  return [queryKeys.project(slug, projectId), queryKeys.workspaceIssueTabs(slug), queryKeys.analytics(slug)];
}
