// Checked by `tsc -p tsconfig.json` (not a test runner file): it stops compiling when a type the
// app reads or sends drifts from the shape the server validates and answers with.
import type { Static } from 'typebox';
import type {
  issueCreateBody,
  issueDetailShape,
  issueRowShape,
  issueUpdateBody,
  listedIssueShape,
} from '../../../src/api-shapes/issue.js';
import type { projectCreateBody, projectShape, projectUpdateBody } from '../../../src/api-shapes/project.js';
import type { authUserShape, displayUserShape, memberShape } from '../../../src/api-shapes/user.js';
import type { IssueChanges, IssueInput } from '../../../src/app/api/issues.js';
import type { projectsApi } from '../../../src/app/api/projects.js';
import type { DisplayUser, IssueDetail, IssueRow, ListedIssue, Member, Priority, Project, User } from '../../../src/app/api/types.js';
import type { ListedIssue as BulkDeleteIssue } from '../../../src/app/widgets/bulk-delete/listed-issue.js';
import type { Equal, Expect } from './type-equality.js';

/** The app's project calls. */
type ProjectsApi = ReturnType<typeof projectsApi>;


/** Types whose drift these lines catch; exported so the compiler checks them without unused-name noise. */
export type ApiShapeChecks = [
  // What the app reads.
  Expect<Equal<ListedIssue, Static<typeof listedIssueShape>>>,
  Expect<Equal<IssueRow, Static<typeof issueRowShape>>>,
  Expect<Equal<IssueDetail, Static<typeof issueDetailShape>>>,
  Expect<Equal<DisplayUser, Static<typeof displayUserShape>>>,
  Expect<Equal<Member, Static<typeof memberShape>>>,
  Expect<Equal<User, Static<typeof authUserShape>>>,
  Expect<Equal<Project, Static<typeof projectShape>>>,
  Expect<Equal<Priority, IssueRow['priority']>>,
  // Timestamps arrive as ISO 8601 text, never Date objects.
  Expect<Equal<IssueDetail['created_at'], string>>,
  Expect<Equal<IssueDetail['archived_at'], string | null>>,
  // The bulk delete widget lists issues in the API's shape (without the target date).
  Expect<Equal<BulkDeleteIssue, Omit<ListedIssue, 'target_date'>>>,
  // What the app sends is what the server accepts.
  Expect<Equal<IssueInput, Static<typeof issueCreateBody>>>,
  Expect<IssueChanges extends Static<typeof issueUpdateBody> ? true : false>,
  Expect<Equal<Parameters<ProjectsApi['create']>[1], Static<typeof projectCreateBody>>>,
  Expect<Parameters<ProjectsApi['setFeatures']>[2] extends Static<typeof projectUpdateBody> ? true : false>,
];
