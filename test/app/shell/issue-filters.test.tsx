import { expect } from '@open-wc/testing';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { reply } from './fake-api.js';
import { listedIssue, PROJECT_ID, STATE_ID } from './fixtures.js';
import { click, press, typeDate } from './input.js';
import { button, cleanup, field, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';

const ISSUES = '/workspaces/:slug/projects/:projectId/issues';

describe('project issue filters', () => {
  afterEach(cleanup);

  it('filters by state and priority through the list route', async () => {
    const { api } = seededApi();
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => app.container.querySelector('ul[aria-label="Issues"]'), 'the issues');
    const state = await until(() => (field<HTMLSelectElement>(app.container, 'State').options.length === 2 ? field<HTMLSelectElement>(app.container, 'State') : null), 'the states');
    state.focus();
    await press('ArrowDown');
    await until(() => api.sent('GET', ISSUES).some((request) => request.query.get('state') === STATE_ID), 'the state filter');
    field<HTMLSelectElement>(app.container, 'Priority').focus();
    await press('ArrowDown');
    await until(() => api.sent('GET', ISSUES).some((request) => request.query.get('priority') === 'urgent' && request.query.get('state') === STATE_ID), 'both filters');
    await expectAccessible(app.container);
  });

  it('filters by target date on the server, without reading each issue', async () => {
    const { api } = seededApi();
    const dates: Record<number, string | null> = { 3: '2025-05-20', 2: '2025-06-10', 1: null };
    const all = [3, 2, 1].map((sequence) => listedIssue(sequence, { target_date: dates[sequence] }));
    // The list route as the server answers it: with target_before, issues dated before that day only.
    api.on('GET', ISSUES, (request) => {
      const before = request.query.get('target_before');
      const issues = before ? all.filter((issue) => (dates[issue.sequence_id] ?? '9999') < before) : all;
      return reply(200, issues, { 'x-total-count': String(issues.length) });
    });
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => app.container.querySelectorAll('ul[aria-label="Issues"] li').length === 3, 'the issues');
    const chip = await until(() => [...app.container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Target date')) ?? null, 'the date filter');
    expect(chip.textContent, 'no range is shown while the filter is off').to.equal('Target date');
    await click(chip);
    const popup = await until(() => document.querySelector<HTMLElement>('.df-content'), 'the popup');
    await click(await until(() => [...popup.querySelectorAll('label')].find((label) => label.textContent?.trim() === 'Before') ?? null, 'the Before type'));
    await until(() => popup.querySelector<HTMLInputElement>('input[value="before"]')?.checked, 'Before is chosen');
    await typeDate(await until(() => popup.querySelector<HTMLInputElement>('input[type="date"]'), 'the date field'), '06/01/2025');
    await click(button(popup, 'Apply'));
    await until(() => {
      const listed = app.container.querySelectorAll('ul[aria-label="Issues"] li').length;
      if (listed !== 1) throw new Error(`${listed} issues are listed, the filter reads "${chip.textContent}", the list was asked for with ${api.sent('GET', ISSUES).map((request) => `"${request.query}"`).join(', ')}`);
      return true;
    }, 'the filtered list');
    expect(app.container.querySelector('ul[aria-label="Issues"] a')!.textContent).to.equal('Issue number 3');
    expect(chip.textContent, 'the applied filter is shown').to.equal('Target date: before 2025-06-01');
    expect(api.sent('GET', ISSUES).some((request) => request.query.get('target_before') === '2025-06-01')).to.equal(true);
    expect(api.sent('GET', `${ISSUES}/:issueId`), 'no issue is read one by one').to.deep.equal([]);
    await click(button(app.container, 'Clear date filter'));
    await until(() => app.container.querySelectorAll('ul[aria-label="Issues"] li').length === 3, 'all issues again');
    expect(chip.textContent).to.equal('Target date');
  });

  it("shows each issue's target date in its row", async () => {
    const { api } = seededApi((scene) => (scene.issues = [listedIssue(2, { target_date: '2025-07-01' }), listedIssue(1)]));
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    const rows = await until(() => {
      const found = app.container.querySelectorAll('ul[aria-label="Issues"] li');
      return found.length === 2 ? [...found] : null;
    }, 'the issues');
    const date = rows[0]!.querySelector('time')!;
    expect(date.textContent).to.equal('Target date Jul 1, 2025');
    expect(date.getAttribute('datetime')).to.equal('2025-07-01');
    expect(rows[1]!.querySelector('time'), 'no date, nothing shown').to.equal(null);
    await expectAccessible(app.container);
  });
});
