// The issue page over the seeded fake API, with its sub-issues and relations, for the page's tests.
import { setViewport } from '@web/test-runner-commands';
import type { IssueRelation, IssueSummary } from '../../../src/app/api/types.js';
import { paths } from '../../../src/app/router/paths.js';
import type { RoleValue } from '../../../src/app/roles.js';
import type { ThemeMode } from '../../../src/app/ui/theme.js';
import { ISSUE_ID, listedIssue, project, PROJECT_ID } from './fixtures.js';
import { nextFrame } from '../../helpers/editor.js';
import { renderApp, until } from './render.js';
import { seededApi, type Scene } from './seeded-api.js';

/** The issue page's address (WEB-7, "Fix the header"). */
export const ISSUE_URL = paths.issue('acme', PROJECT_ID, ISSUE_ID);

/** Paths of the page's ties to other issues, as the fake API matches them. */
export const RELATIONS = '/workspaces/:slug/projects/:projectId/issues/:issueId/relations';
export const SUB_ISSUES = '/workspaces/:slug/projects/:projectId/issues/:issueId/sub-issues';
export const SEARCH = '/workspaces/:slug/projects/:projectId/search-issues';

/** Issue WEB-{sequence} as another issue's page lists it (the server's issue summary), in Todo unless said. */
export function summary(sequence: number, overrides: Partial<IssueSummary> = {}): IssueSummary {
  const { id, name, sequence_id, state_id, project_id, project__identifier, state__color, target_date, state__name, state__group } = listedIssue(sequence);
  return { id, name, sequence_id, state_id, project_id, project__identifier, state__color, target_date, state__name, state__group, ...overrides };
}

/** What the page starts with: the user's role in the project, the issue's relations and sub-issues. */
export interface IssuePageScene {
  role?: RoleValue;
  relations?: IssueRelation[];
  subIssues?: IssueSummary[];
  themeMode?: ThemeMode;
  change?: (scene: Scene) => void;
}

/** Opens the issue page and waits until its sub-issues and relations are shown. */
export async function openIssuePage({ role = 20, relations = [], subIssues = [], themeMode = 'light', change = () => {} }: IssuePageScene = {}) {
  const seeded = seededApi((scene) => {
    scene.projects = [project(role)];
    change(scene);
  });
  const state = { relations: [...relations], subIssues: [...subIssues] };
  seeded.api
    .on('GET', RELATIONS, () => state.relations)
    .on('GET', SUB_ISSUES, () => state.subIssues)
    .on('GET', SEARCH, () => [summary(2), summary(3)])
    .on('GET', '/workspaces/:slug/projects/:projectId/members', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/labels', () => []);
  const app = renderApp(ISSUE_URL, { api: seeded.api, themeMode });
  await until(() => app.container.querySelector('h1')?.textContent === 'Fix the header', 'the issue');
  await until(() => sectionSettled(app.container, 'Sub-issues') && sectionSettled(app.container, 'Relations'), 'sub-issues and relations shown');
  return { ...seeded, app, state };
}

/** The page's section headed `heading`. */
export function section(root: ParentNode, heading: string): HTMLElement {
  const found = [...root.querySelectorAll<HTMLElement>('section')].find((candidate) => candidate.querySelector('h2')?.textContent === heading);
  if (!found) throw new Error(`No section "${heading}"`);
  return found;
}

function sectionSettled(root: ParentNode, heading: string): boolean {
  const found = [...root.querySelectorAll<HTMLElement>('section')].find((candidate) => candidate.querySelector('h2')?.textContent === heading);
  return !!found && (found.querySelector('ul') !== null || found.querySelector('.app-note') !== null);
}

/** Runs `check` at the desktop (1440×900) and the phone (390×844) size, then puts the desktop size back. */
export async function atBothSizes(check: (size: { width: number; height: number }) => Promise<void>): Promise<void> {
  try {
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await setViewport(size);
      // The app draws its phone or desktop layout once it has seen the new width.
      await until(() => window.innerWidth === size.width && document.querySelector('.app-shell')?.getAttribute('data-phone') === String(size.width < 768), `the ${size.width} px layout`);
      await nextFrame();
      await check(size);
    }
  } finally {
    await setViewport({ width: 1280, height: 800 });
  }
}
