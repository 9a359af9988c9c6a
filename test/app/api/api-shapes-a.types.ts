// Checked by `tsc -p tsconfig.json` (not a test runner file): it stops compiling when a state,
// label, workspace, member or comment type the app reads or sends drifts from the shape the
// server validates and answers with.
import type { Static, StaticDecode } from 'typebox';
import type { commentBody, commentShape } from '../../../src/api-shapes/comment.js';
import type { labelCreateBody, labelShape } from '../../../src/api-shapes/label.js';
import type { memberSummaryShape } from '../../../src/api-shapes/member-summary.js';
import type { stateShape } from '../../../src/api-shapes/state.js';
import type { activityPageShape, workspaceActivityQueryShape } from '../../../src/api-shapes/workspace-activity.js';
import type {
  workspaceCreateBody,
  workspaceMemberCreateBody,
  workspaceMemberUpdateBody,
  workspaceShape,
  workspaceUpdateBody,
} from '../../../src/api-shapes/workspace.js';
import type { issueCommentsApi } from '../../../src/app/api/issue-comments.js';
import type { labelsApi } from '../../../src/app/api/labels.js';
import type { statesApi } from '../../../src/app/api/states.js';
import type { Activity, ActivityPage, Comment, IssueLabel, Label, Member, MemberSummary, State, StateGroup, Workspace } from '../../../src/app/api/types.js';
import type { workspaceActivityApi } from '../../../src/app/api/workspace-activity.js';
import type { workspacesApi } from '../../../src/app/api/workspaces.js';
import type { StateGroup as IconStateGroup } from '../../../src/app/screens/issues/issue-icons.js';
import type { Equal, Expect } from './type-equality.js';

/** The app's calls, as the app makes them. */
type StatesApi = ReturnType<typeof statesApi>;
type LabelsApi = ReturnType<typeof labelsApi>;
type WorkspacesApi = ReturnType<typeof workspacesApi>;
type CommentsApi = ReturnType<typeof issueCommentsApi>;
type WorkspaceActivityApi = ReturnType<typeof workspaceActivityApi>;

/** What a call answers (the type its promise resolves to). */
type Answer<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;


/** Types whose drift these lines catch; exported so the compiler checks them without unused-name noise. */
export type ApiShapeChecksA = [
  // What the app reads.
  Expect<Equal<State, Static<typeof stateShape>>>,
  Expect<Equal<Label, Static<typeof labelShape>>>,
  Expect<Equal<Workspace, Static<typeof workspaceShape>>>,
  Expect<Equal<Comment, Static<typeof commentShape>>>,
  Expect<Equal<Answer<StatesApi['list']>, State[]>>,
  Expect<Equal<Answer<LabelsApi['list']>, Label[]>>,
  Expect<Equal<Answer<WorkspacesApi['list']>, Workspace[]>>,
  Expect<Equal<Answer<WorkspacesApi['addMember']>, Member>>,
  Expect<Equal<Answer<CommentsApi['create']>, Comment>>,
  // A member's profile: their issues in numbers, and the workspace's activity a page at a time (the rows an issue's feed has).
  Expect<Equal<Answer<WorkspacesApi['memberSummary']>, Static<typeof memberSummaryShape>>>,
  Expect<Equal<MemberSummary, Static<typeof memberSummaryShape>>>,
  Expect<Equal<Answer<WorkspaceActivityApi['list']>, Static<typeof activityPageShape>>>,
  Expect<Equal<ActivityPage['activities'][number], Activity>>,
  // The state groups the issue icons know are the server's.
  Expect<Equal<StateGroup, State['group']>>,
  Expect<Equal<IconStateGroup, StateGroup>>,
  // An issue's label is a label's id, name and colour.
  Expect<Equal<IssueLabel, Pick<Label, 'id' | 'name' | 'color'>>>,
  // Timestamps arrive as ISO 8601 text, never Date objects.
  Expect<Equal<Workspace['created_at'], string>>,
  Expect<Equal<Comment['updated_at'], string>>,
  // What the app sends is what the server accepts.
  Expect<Equal<Parameters<LabelsApi['create']>[2], Static<typeof labelCreateBody>>>,
  Expect<Equal<Parameters<WorkspacesApi['create']>[0], Static<typeof workspaceCreateBody>>>,
  Expect<Equal<Parameters<WorkspacesApi['update']>[1], Static<typeof workspaceUpdateBody>>>,
  Expect<Equal<Parameters<WorkspacesApi['addMember']>[1], Static<typeof workspaceMemberCreateBody>>>,
  Expect<Equal<Parameters<WorkspacesApi['setMemberRole']>[2], Static<typeof workspaceMemberUpdateBody>['role']>>,
  Expect<Equal<Parameters<CommentsApi['create']>[3], Static<typeof commentBody>['comment_html']>>,
  Expect<Equal<Parameters<CommentsApi['update']>[4], Static<typeof commentBody>['comment_html']>>,
  Expect<Equal<Parameters<WorkspaceActivityApi['list']>[1], StaticDecode<typeof workspaceActivityQueryShape> | undefined>>,
];
