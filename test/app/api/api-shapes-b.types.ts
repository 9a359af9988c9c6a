// Checked by `tsc -p tsconfig.json` (not a test runner file): it stops compiling when a type the
// app reads or sends for cycles, modules, pages, descriptions or issue lists drifts from the
// shape the server validates and answers with.
import type { Static, StaticDecode } from 'typebox';
import type { cycleCreateBody, cycleDetailShape, cycleShape, cycleUpdateBody } from '../../../src/api-shapes/cycle.js';
import type { descriptionSaveBody, descriptionShape } from '../../../src/api-shapes/description.js';
import type { issueListQueryShape, workspaceIssueQueryShape } from '../../../src/api-shapes/issue-list-query.js';
import type { moduleCreateBody, moduleDetailShape, moduleShape, moduleUpdateBody } from '../../../src/api-shapes/module.js';
import type { pageCreateBody, pageListQuery, pageShape, pageSummaryShape, pageUpdateBody } from '../../../src/api-shapes/page.js';
import type { addIssuesBody, assigneeDistributionShape, distributionShape, labelDistributionShape, stateCountsShape } from '../../../src/api-shapes/planning.js';
import type { StateGroup } from '../../../src/api-shapes/state-groups.js';
import type { issuesApi, IssueListQuery } from '../../../src/app/api/issues.js';
import type { pagesApi } from '../../../src/app/api/pages.js';
import type { planningApi, PlanningGroupApi } from '../../../src/app/api/planning.js';
import type {
  Cycle,
  CycleDetail,
  Description,
  Distribution,
  Module,
  ModuleDetail,
  PageDetail,
  PageListType,
  PageSummary,
  Priority,
  StateCounts,
} from '../../../src/app/api/types.js';
import type { targetDateQuery } from '../../../src/app/screens/issues/issue-filters.js';
import type { AssigneeDistribution, LabelDistribution, StateDistribution } from '../../../src/app/widgets/progress-breakdown/index.js';
import type { Equal, Expect } from './type-equality.js';

type PlanningApi = ReturnType<typeof planningApi>;
type CyclesApi = PlanningGroupApi<'cycles'>;
type ModulesApi = PlanningGroupApi<'modules'>;
type PagesApi = ReturnType<typeof pagesApi>;
type IssuesApi = ReturnType<typeof issuesApi>;

/** What a call of the app's answers with. */
type Answer<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;


/** Types whose drift these lines catch; exported so the compiler checks them without unused-name noise. */
export type ApiShapeChecksB = [
  // What the app reads.
  Expect<Equal<Cycle, Static<typeof cycleShape>>>,
  Expect<Equal<CycleDetail, Static<typeof cycleDetailShape>>>,
  Expect<Equal<Module, Static<typeof moduleShape>>>,
  Expect<Equal<ModuleDetail, Static<typeof moduleDetailShape>>>,
  Expect<Equal<StateCounts, Static<typeof stateCountsShape>>>,
  Expect<Equal<Distribution, Static<typeof distributionShape>>>,
  Expect<Equal<PageSummary, Static<typeof pageSummaryShape>>>,
  Expect<Equal<PageDetail, Static<typeof pageShape>>>,
  Expect<Equal<Description, Static<typeof descriptionShape>>>,
  // Each call is typed with the answer its route sends: a list, one item with its distribution, a page with content.
  Expect<Equal<Answer<CyclesApi['list']>, Cycle[]>>,
  Expect<Equal<Answer<CyclesApi['get']>, CycleDetail>>,
  Expect<Equal<Answer<CyclesApi['create']>, Cycle>>,
  Expect<Equal<Answer<CyclesApi['update']>, Cycle>>,
  Expect<Equal<Answer<ModulesApi['list']>, Module[]>>,
  Expect<Equal<Answer<ModulesApi['get']>, ModuleDetail>>,
  Expect<Equal<Answer<ModulesApi['update']>, Module>>,
  Expect<Equal<Answer<PlanningApi['pages']>, PageSummary[]>>,
  Expect<Equal<Answer<PlanningApi['createPage']>, PageDetail>>,
  Expect<Equal<Answer<PagesApi['get']>, PageDetail>>,
  Expect<Equal<Answer<PagesApi['saveDescription']>, Description>>,
  // Timestamps arrive as ISO 8601 text, never Date objects.
  Expect<Equal<Cycle['created_at'], string>>,
  Expect<Equal<Module['archived_at'], string | null>>,
  Expect<Equal<PageSummary['updated_at'], string>>,
  // The progress breakdown draws the server's rows, and one bar per state group.
  Expect<Equal<AssigneeDistribution, Static<typeof assigneeDistributionShape>>>,
  Expect<Equal<LabelDistribution, Static<typeof labelDistributionShape>>>,
  Expect<Equal<keyof StateDistribution, StateGroup>>,
  // What the app sends is what the server accepts.
  Expect<Equal<Parameters<CyclesApi['create']>[2], Static<typeof cycleCreateBody>>>,
  Expect<Equal<Parameters<CyclesApi['update']>[3], Static<typeof cycleUpdateBody>>>,
  Expect<Equal<Parameters<ModulesApi['create']>[2], Static<typeof moduleCreateBody>>>,
  Expect<Equal<Parameters<ModulesApi['update']>[3], Static<typeof moduleUpdateBody>>>,
  Expect<{ issues: Parameters<CyclesApi['addIssues']>[3] } extends Static<typeof addIssuesBody> ? true : false>,
  Expect<Equal<Parameters<PlanningApi['createPage']>[2], Static<typeof pageCreateBody>>>,
  Expect<Equal<Parameters<PagesApi['update']>[3], Static<typeof pageUpdateBody>>>,
  Expect<Equal<PageListType | undefined, Static<typeof pageListQuery>['type']>>,
  Expect<Equal<Parameters<PlanningApi['pages']>[2], PageListType | undefined>>,
  Expect<Parameters<PagesApi['saveDescription']>[3] extends Static<typeof descriptionSaveBody> ? true : false>,
  Expect<Parameters<IssuesApi['saveDescription']>[3] extends Static<typeof descriptionSaveBody> ? true : false>,
  // An issue list's query: the app builds values (lists, a boolean, numbers), the shape's codecs give their text.
  Expect<Equal<IssueListQuery, StaticDecode<typeof issueListQueryShape>>>,
  Expect<Equal<Parameters<IssuesApi['list']>[2], IssueListQuery | undefined>>,
  Expect<Equal<Parameters<IssuesApi['workspaceTab']>[2], Omit<StaticDecode<typeof workspaceIssueQueryShape>, 'tab'> | undefined>>,
  Expect<Equal<NonNullable<IssueListQuery['priority']>[number], Priority>>,
  Expect<ReturnType<typeof targetDateQuery> extends IssueListQuery ? true : false>,
  Expect<Equal<Static<typeof issueListQueryShape>['archived'], 'true' | 'false' | undefined>>,
  Expect<Equal<Parameters<IssuesApi['workspaceTab']>[1], NonNullable<Static<typeof workspaceIssueQueryShape>['tab']>>>,
];
