import { aiAssistantApi } from './ai-assistant.js';
import { apiTokensApi } from './api-tokens.js';
import { authApi } from './auth.js';
import { createApiClient, type ApiClient } from './client.js';
import { estimatesApi } from './estimates.js';
import { automationsApi } from './automations.js';
import { collabApi } from './collab.js';
import { coversApi } from './covers.js';
import { exportsApi } from './exports.js';
import { favoritesApi } from './favorites.js';
import { fileAssetsApi } from './file-assets.js';
import { importsApi } from './imports.js';
import { instanceApi } from './instance.js';
import { intakeApi } from './intake.js';
import { issueActivitiesApi } from './issue-activities.js';
import { issueAttachmentsApi } from './issue-attachments.js';
import { issueCommentsApi } from './issue-comments.js';
import { issueDraftsApi } from './issue-drafts.js';
import { savedViewsApi } from './saved-views.js';
import { issueLinksApi } from './issue-links.js';
import { issueRelationsApi } from './issue-relations.js';
import { issuesApi } from './issues.js';
import { analyticsApi } from './analytics.js';
import { labelsApi } from './labels.js';
import { liveApi } from './live.js';
import { notificationsApi } from './notifications.js';
import { pagesApi } from './pages.js';
import { planningApi } from './planning.js';
import { projectsApi } from './projects.js';
import { statesApi } from './states.js';
import { usersApi } from './users.js';
import { integrationsApi } from './integrations.js';
import { webhooksApi } from './webhooks.js';
import { workspaceActivityApi } from './workspace-activity.js';
import { workspacesApi } from './workspaces.js';

/** Every API module over one client. */
export function createApi(client: ApiClient = createApiClient()) {
  return {
    auth: authApi(client),
    users: usersApi(client),
    workspaces: workspacesApi(client),
    projects: projectsApi(client),
    issues: issuesApi(client),
    drafts: issueDraftsApi(client),
    favorites: favoritesApi(client),
    views: savedViewsApi(client),
    apiTokens: apiTokensApi(client),
    intake: intakeApi(client),
    links: issueLinksApi(client),
    relations: issueRelationsApi(client),
    attachments: issueAttachmentsApi(client),
    comments: issueCommentsApi(client),
    activities: issueActivitiesApi(client),
    states: statesApi(client),
    fileAssets: fileAssetsApi(client),
    planning: planningApi(client),
    exports: exportsApi(client),
    imports: importsApi(client),
    labels: labelsApi(client),
    estimates: estimatesApi(client),
    automations: automationsApi(client),
    ai: aiAssistantApi(client),
    pages: pagesApi(client),
    covers: coversApi(client),
    instance: instanceApi(client),
    collab: collabApi(client),
    notifications: notificationsApi(client),
    webhooks: webhooksApi(client),
    integrations: integrationsApi(client),
    analytics: analyticsApi(client),
    workspaceActivity: workspaceActivityApi(client),
    live: liveApi(client),
  };
}

/** The app's API: one object of typed modules. */
export type Api = ReturnType<typeof createApi>;

export { ApiError, errorMessage, GENERIC_ERROR, isApiError, NETWORK_ERROR } from './api-error.js';
export { createApiClient, withQuery, type ApiClient, type ApiClientOptions } from './client.js';
export { assetIdFromUrl } from './file-assets.js';
export { sharedDocumentName } from './collab.js';
export type * from './types.js';
