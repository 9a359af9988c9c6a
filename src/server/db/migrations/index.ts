import { accounts } from './0001-accounts.js';
import { issues } from './0002-issues.js';
import { planning } from './0003-planning.js';
import { assetsAndJobs } from './0004-assets-and-jobs.js';
import { issueActivityOrder } from './0005-issue-activity-order.js';
import { rateLimits } from './0006-rate-limits.js';
import { storageIntegrityAndSweeps } from './0007-storage-integrity-and-sweeps.js';
import { exportJobLeases } from './0008-export-job-leases.js';
import { changeNotifications } from './0009-change-notifications.js';
import { userChangeNotifications } from './0010-user-change-notifications.js';
import { collabUpdates } from './0011-collab-updates.js';
import { collabUpdateNotifications } from './0012-collab-update-notifications.js';
import { notifications } from './0013-notifications.js';
import { issueDrafts } from './0014-issue-drafts.js';
import { savedViews } from './0015-saved-views.js';
import { apiTokens } from './0016-api-tokens.js';
import { webhooks } from './0017-webhooks.js';
import { importJobs } from './0018-import-jobs.js';
import { estimates } from './0019-estimates.js';
import { issueAttachments } from './0020-issue-attachments.js';
import { intake } from './0021-intake.js';
import { jobNotifications } from './0022-job-notifications.js';
import { passwordResets } from './0023-password-resets.js';
import { draftParentAndEstimate } from './0024-draft-parent-estimate.js';
import { workspaceInvitations } from './0025-workspace-invitations.js';
import { projectIntegrations } from './0026-project-integrations.js';
import { nestedPages } from './0027-nested-pages.js';
import { favorites } from './0028-favorites.js';
import { privatePageTrees } from './0029-private-page-trees.js';
import { commentReactions } from './0030-comment-reactions.js';
import { projectAutomations } from './0031-project-automations.js';
import { overdueReminders } from './0032-overdue-reminders.js';
import { activityByActor } from './0033-activity-by-actor.js';
import { apiTokenAccess } from './0034-api-token-access.js';
import { commentEditedAt } from './0035-comment-edited-at.js';
import type { Migration } from './migration.js';

export type { Migration } from './migration.js';

/** Every migration, oldest first. Append new ones; never edit or reorder a released one. */
export const migrations: readonly Migration[] = [
  accounts,
  issues,
  planning,
  assetsAndJobs,
  issueActivityOrder,
  rateLimits,
  storageIntegrityAndSweeps,
  exportJobLeases,
  changeNotifications,
  userChangeNotifications,
  collabUpdates,
  collabUpdateNotifications,
  notifications,
  issueDrafts,
  savedViews,
  apiTokens,
  webhooks,
  importJobs,
  estimates,
  issueAttachments,
  intake,
  jobNotifications,
  passwordResets,
  draftParentAndEstimate,
  workspaceInvitations,
  projectIntegrations,
  nestedPages,
  favorites,
  privatePageTrees,
  commentReactions,
  projectAutomations,
  overdueReminders,
  activityByActor,
  apiTokenAccess,
  commentEditedAt,
];
