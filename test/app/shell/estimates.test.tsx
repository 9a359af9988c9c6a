import { expect } from '@open-wc/testing';
import { DEFAULT_ESTIMATE_VALUES } from '../../../src/api-shapes/estimate-values.js';
import type { CycleDetail, Estimate, EstimateType, IssueDetail } from '../../../src/app/api/types.js';
import { paths } from '../../../src/app/router/paths.js';
import type { RoleValue } from '../../../src/app/roles.js';
import type { ThemeMode } from '../../../src/app/ui/theme.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { ISSUE_ID, listedIssue, members, project, PROJECT_ID } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { closed, listbox, option, options, property, shown } from './pickers.js';
import { button, byText, cleanup, field, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';

const ESTIMATE = '/workspaces/:slug/projects/:projectId/estimate';
const ISSUE_PATH = '/workspaces/:slug/projects/:projectId/issues/:issueId';
const CYCLE_ID = '99999999-9999-4999-8999-999999999999';

/** An estimate system of the project, its values with ids. */
function estimate(enabled: boolean, type: EstimateType = 'points', values: readonly string[] = DEFAULT_ESTIMATE_VALUES[type]): Estimate {
  return { project_id: PROJECT_ID, enabled, type, points: values.map((value, index) => ({ id: `eeeeeeee-0000-4000-8000-00000000000${index.toString(16)}`, key: index + 1, value })) };
}

/** The seeded workspace with the project's estimate `current` (role `role`); PATCHes of the estimate and the issue are applied. */
function withEstimate(current: Estimate, role: RoleValue = 20) {
  const seeded = seededApi((scene) => (scene.projects = [project(role)]));
  let system = current;
  seeded.api
    .on('GET', ESTIMATE, () => system)
    .on('PATCH', ESTIMATE, (request) => {
      const body = request.body as { enabled: boolean; type: EstimateType; points: Array<{ value: string }> };
      system = estimate(body.enabled, body.type, body.points.map((point) => point.value));
      return system;
    })
    .on('GET', '/workspaces/:slug/projects/:projectId/labels', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/members', () => members)
    .on('GET', '/workspaces/:slug/projects/:projectId/search-issues', () => [])
    .on('PATCH', ISSUE_PATH, (request) => (seeded.scene.issue = { ...seeded.scene.issue, ...(request.body as Partial<IssueDetail>) }));
  return seeded;
}

const SETTINGS_URL = paths.projectSettings('acme', PROJECT_ID);
const estimateSection = (root: HTMLElement) => root.querySelector<HTMLElement>('section[aria-labelledby="project-estimates"]')!;

describe('estimates in the project settings', () => {
  afterEach(cleanup);

  for (const themeMode of ['light', 'dark'] as ThemeMode[]) {
    it(`an admin adds an estimate system from the empty state, as categories, and turns it on (${themeMode} theme)`, async () => {
      const { api } = withEstimate(estimate(false, 'points', []));
      const app = renderApp(SETTINGS_URL, { api, themeMode });
      await until(() => app.container.querySelector('[data-empty-state="project-settings-estimates"]'), 'the estimates empty state');
      await click(button(estimateSection(app.container), 'Add an estimate system'));
      const section = estimateSection(app.container);
      await until(() => section.querySelector('form[aria-label="Estimates"]'), 'the estimate form');
      expect(field(section, 'Use estimates').checked).to.equal(true);
      expect([...section.querySelectorAll<HTMLInputElement>('ol input')].map((input) => input.value)).to.deep.equal([...DEFAULT_ESTIMATE_VALUES.points]);
      await click(field(section, 'Categories'));
      await until(() => field(section, 'Value 1').value === 'XS', 'the categories’ values');
      await click(button(section, 'Remove value 5'));
      await click(button(section, 'Add a value'));
      await until(() => document.activeElement === field(section, 'Value 5'), 'focus on the new value');
      await typeInto(field(section, 'Value 5'), 'Huge');
      await expectAccessible(app.container);
      await click(button(section, 'Save estimates'));
      await until(() => api.sent('PATCH', ESTIMATE).length === 1, 'the estimate saved');
      expect(api.sent('PATCH', ESTIMATE)[0]!.body).to.deep.equal({
        enabled: true,
        type: 'categories',
        points: ['XS', 'S', 'M', 'L', 'Huge'].map((value) => ({ value })),
      });
      await until(() => byText(document, '[role="status"], [role="alert"]', 'Estimates saved.'), 'the saved toast');
    });
  }

  it('adding an estimate system from the keyboard leaves focus on the section’s heading, its button gone with the empty state', async () => {
    const { api } = withEstimate(estimate(false, 'points', []));
    const app = renderApp(SETTINGS_URL, { api });
    await until(() => app.container.querySelector('[data-empty-state="project-settings-estimates"]'), 'the estimates empty state');
    button(estimateSection(app.container), 'Add an estimate system')!.focus();
    await press('Enter');
    await until(() => estimateSection(app.container).querySelector('form[aria-label="Estimates"]'), 'the estimate form');
    await until(() => document.activeElement === estimateSection(app.container).querySelector('h2'), 'focus on the Estimates heading', { saw: () => document.activeElement });
    await press('Tab');
    expect(document.activeElement).to.equal(field(estimateSection(app.container), 'Use estimates'));
  });

  it('refuses values that do not fit points with the server’s sentence, and sends nothing', async () => {
    const { api } = withEstimate(estimate(true));
    const app = renderApp(SETTINGS_URL, { api });
    const section = await until(() => estimateSection(app.container)?.querySelector<HTMLElement>('form[aria-label="Estimates"]'), 'the estimate form');
    const first = field(section, 'Value 1');
    first.select();
    await typeInto(first, 'M');
    await press('Enter');
    await until(() => section.textContent?.includes('Points must be numbers from 0 to 9999, such as 1, 2, 3, 5, 8 or 13: “M” is not one.'), 'the refusal');
    expect(api.sent('PATCH', ESTIMATE)).to.deep.equal([]);
  });

  it('back on the saved type, the form has the saved values again, so saving keeps them on their issues', async () => {
    const saved = estimate(true, 'points', ['1', '2', '4']);
    const { api } = withEstimate(saved);
    const app = renderApp(SETTINGS_URL, { api });
    const section = await until(() => estimateSection(app.container)?.querySelector<HTMLElement>('form[aria-label="Estimates"]'), 'the estimate form');
    await click(field(section, 'Categories'));
    await until(() => section.textContent?.includes('A new type replaces every value: issues lose their estimates.'), 'the warning');
    await click(field(section, 'Points'));
    await until(() => field(section, 'Value 3').value === '4', 'the saved values');
    await click(button(section, 'Save estimates'));
    await until(() => api.sent('PATCH', ESTIMATE).length === 1, 'the estimate saved');
    expect((api.sent('PATCH', ESTIMATE)[0]!.body as { points: unknown }).points).to.deep.equal(saved.points.map(({ id, value }) => ({ id, value })));
  });

  it('shows a viewer the estimates without the form', async () => {
    const { api } = withEstimate(estimate(true, 'categories'), 10);
    const app = renderApp(SETTINGS_URL, { api });
    const section = await until(() => byText(app.container, 'section[aria-labelledby="project-estimates"]', 'Estimates are on'), 'the estimates');
    expect(section.textContent).to.contain('categories, XS, S, M, L, XL.');
    expect(section.textContent).to.contain('Only project admins can change estimates.');
    expect(section.querySelector('form')).to.equal(null);
    await expectAccessible(section);
  });
});

describe('an issue’s estimate', () => {
  afterEach(cleanup);

  async function openIssue(current: Estimate) {
    const seeded = withEstimate(current);
    const app = renderApp(paths.issue('acme', PROJECT_ID, ISSUE_ID), { api: seeded.api });
    await until(() => app.container.querySelector('h1')?.textContent === 'Fix the header', 'the issue');
    return { ...seeded, app };
  }

  it('is picked in the side panel like the priority, and cleared', async () => {
    const { app, api } = await openIssue(estimate(true));
    const picker = await property(app.container, 'Estimate');
    expect(shown(picker)).to.equal('No estimate');
    await click(picker);
    const list = await listbox();
    expect(options(list).map((item) => item.textContent)).to.deep.equal(['No estimate✓', '1 point', '2 points', '3 points', '5 points', '8 points', '13 points']);
    await click(option(list, '5 points'));
    await closed(picker, 'the Estimate picker');
    await until(() => shown(picker) === '5 points', 'the picked estimate');
    await click(picker);
    await click(option(await listbox(), 'No estimate'));
    await closed(picker, 'the Estimate picker');
    expect(api.sent('PATCH', ISSUE_PATH).map((request) => request.body)).to.deep.equal([{ estimate_point: '5' }, { estimate_point: null }]);
    await until(() => shown(picker) === 'No estimate', 'the cleared estimate');
  });

  it('is not in the side panel while the project’s estimates are off', async () => {
    const { app } = await openIssue(estimate(false));
    await property(app.container, 'Priority');
    const panel = app.container.querySelector('aside[aria-label="Properties"]')!;
    expect(panel.textContent).to.not.contain('Estimate');
  });
});

describe('estimates in lists and cycles', () => {
  afterEach(cleanup);

  it('a row shows its estimate, and the Display options offer it while estimates are on', async () => {
    const { api, scene } = withEstimate(estimate(true));
    scene.issues = [listedIssue(2, { estimate_point: '8' }), listedIssue(1)];
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    const chip = await until(() => app.container.querySelector<HTMLElement>('.app-issue-estimate'), 'the estimate in its row');
    expect(chip.textContent).to.equal('Estimate 8');
    expect(app.container.querySelectorAll('.app-issue-estimate')).to.have.length(1);
    await click(button(app.container, 'Display'));
    const popup = await until(() => document.querySelector<HTMLElement>('.app-display-popup'), 'the display options');
    await until(() => popup.textContent?.includes('Estimate'), 'the estimate option');
    await click(field(popup, 'Estimate'));
    await until(() => !app.container.querySelector('.app-issue-estimate'), 'the estimate hidden');
  });

  it('a cycle shows its points done', async () => {
    const { api } = withEstimate(estimate(true));
    const cycle: CycleDetail = {
      id: CYCLE_ID, project_id: PROJECT_ID, name: 'Sprint 1', description: '', start_date: null, end_date: null, status: 'draft', owned_by: null,
      archived_at: null, created_at: '2025-02-20T09:00:00.000Z', updated_at: '2025-02-20T09:00:00.000Z',
      backlog_issues: 0, unstarted_issues: 1, started_issues: 0, completed_issues: 1, cancelled_issues: 0, total_issues: 2,
      total_estimate: 8.5, completed_estimate: 3, estimate_categories: [],
      distribution: { assignees: [], labels: [] },
    };
    api.on('GET', '/workspaces/:slug/projects/:projectId/cycles/:cycleId', () => cycle).on('GET', '/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues', () => []);
    const app = renderApp(paths.cycle('acme', PROJECT_ID, CYCLE_ID), { api });
    const facts = await until(() => app.container.querySelector<HTMLElement>('.app-facts'), 'the cycle’s facts');
    expect(facts.textContent).to.contain('Estimate3 of 8.5 points done');
    await expectAccessible(app.container);
  });

  it('a module counts its issues per category', async () => {
    const { api } = withEstimate(estimate(true, 'categories'));
    const counts = DEFAULT_ESTIMATE_VALUES.categories.map((value) => ({ value, completed_issues: value === 'M' ? 1 : 0, total_issues: value === 'M' ? 2 : 0 }));
    const module = {
      id: CYCLE_ID, project_id: PROJECT_ID, name: 'Launch', description: '', status: 'planned' as const, start_date: null, target_date: null, lead_id: null, created_by: null,
      archived_at: null, created_at: '2025-02-20T09:00:00.000Z', updated_at: '2025-02-20T09:00:00.000Z',
      backlog_issues: 0, unstarted_issues: 1, started_issues: 0, completed_issues: 1, cancelled_issues: 0, total_issues: 2,
      total_estimate: null, completed_estimate: null, estimate_categories: counts,
      distribution: { assignees: [], labels: [] },
    };
    api.on('GET', '/workspaces/:slug/projects/:projectId/modules/:moduleId', () => module).on('GET', '/workspaces/:slug/projects/:projectId/modules/:moduleId/module-issues', () => []);
    const app = renderApp(paths.module('acme', PROJECT_ID, CYCLE_ID), { api });
    const list = await until(() => app.container.querySelector<HTMLElement>('ul[aria-label="Issues by estimate"]'), 'the counts per category');
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).to.deep.equal(['XS: 0 of 0 done', 'S: 0 of 0 done', 'M: 1 of 2 done', 'L: 0 of 0 done', 'XL: 0 of 0 done']);
    await expectAccessible(app.container);
  });
});
