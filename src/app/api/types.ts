/** Shapes of the server's answers that the app reads (spec section 3 field names). */

// Answers whose shape the server defines once (src/api-shapes): the app takes their types from
// there, never a copy. Types only: the shapes' TypeBox code stays out of the app's bundle.
export type { Activity } from '../../api-shapes/activity.js';
export type { ActivityPage, WorkspaceActivityQuery } from '../../api-shapes/workspace-activity.js';
export type { MemberSummary } from '../../api-shapes/member-summary.js';
export type { DisplayUser, Member, User } from '../../api-shapes/user.js';
export type { Theme } from '../../api-shapes/theme.js';
export type { IssueDetail, IssueLabel, IssueRow, IssueSummary, ListedIssue, Priority } from '../../api-shapes/issue.js';
export type { HiddenIssue, IssueRelation, RelationType } from '../../api-shapes/issue-relation.js';
export type { IssueDraft } from '../../api-shapes/issue-draft.js';
export type { SavedView, SavedViewQuery } from '../../api-shapes/saved-view.js';
export type { ApiToken, CreatedApiToken, MemberApiToken } from '../../api-shapes/api-token.js';
export type { Webhook, WebhookDelivery, WebhookEvent, WebhookWithSecret } from '../../api-shapes/webhook.js';
export type { IntakeDecision, IntakeIssue, IntakeStatus, IntakeTab } from '../../api-shapes/intake.js';
export type { Project, ProjectFeature } from '../../api-shapes/project.js';
export type { State, StateGroup } from '../../api-shapes/state.js';
export type { Label } from '../../api-shapes/label.js';
export type { Estimate, EstimatePoint, EstimateType } from '../../api-shapes/estimate.js';
export type { Workspace } from '../../api-shapes/workspace.js';
export type { Comment } from '../../api-shapes/comment.js';
export type { Attachment } from '../../api-shapes/attachment.js';
export type { Cycle, CycleDetail, CycleStatus } from '../../api-shapes/cycle.js';
export type { CycleDay, CycleProgress, PriorityCounts } from '../../api-shapes/cycle-progress.js';
export type { Module, ModuleDetail, ModuleStatus } from '../../api-shapes/module.js';
export type { AssigneeDistribution, Distribution, EstimateCategoryCount, EstimateTotals, LabelDistribution, StateCounts } from '../../api-shapes/planning.js';
export type { PageAccess, PageDetail, PageListType, PageSummary } from '../../api-shapes/page.js';
export type { Description } from '../../api-shapes/description.js';
export type { Notification, NotificationKind, NotificationListQuery, NotificationTab, NotificationUpdateBody } from '../../api-shapes/notification.js';


/** The spec's link. */
export interface Link {
  id: string;
  title: string | null;
  url: string;
  created_by: string | null;
  created_at: string;
}


/** An uploaded file: its id and the address it is served at. */
export interface UploadedAsset {
  id: string;
  asset: string;
}
