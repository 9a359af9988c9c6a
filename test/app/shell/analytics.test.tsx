import { expect } from '@open-wc/testing';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { listedIssue } from './fixtures.js';
import { cleanup, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';

describe('analytics screen', () => {
  afterEach(cleanup);

  it("shows the workspace's totals, each project's progress and the breakdown, axe-clean", async () => {
    const { api } = seededApi((scene) => {
      scene.issues = [listedIssue(3, { state__group: 'completed' }), listedIssue(2, { state__group: 'started' }), listedIssue(1)];
    });
    const app = renderApp(paths.analytics('acme'), { api });
    const totals = await until(() => app.container.querySelector<HTMLElement>('.app-analytics-totals'), 'the totals');
    const pairs = [...totals.querySelectorAll('div')].map((pair) => [pair.querySelector('dt')!.textContent, pair.querySelector('dd')!.textContent]);
    expect(pairs).to.deep.equal([
      ['Issues', '3'],
      ['Completed', '1 (33%)'],
      ['In progress', '1'],
      ['Projects', '1'],
    ]);
    const bar = app.container.querySelector('ul[aria-label="Completed issues by project"] [role="progressbar"]')!;
    expect(bar.getAttribute('aria-valuetext')).to.equal('1 of 3 (33%)');
    expect(app.container.querySelector('[aria-label="Progress breakdown"]'), 'the breakdown by assignee, label and state').to.not.equal(null);
    await expectAccessible(app.container);
  });
});
