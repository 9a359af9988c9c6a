import { expect } from '@open-wc/testing';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { listedIssue, members, OTHER_ID, PROJECT_ID, USER_ID } from './fixtures.js';
import { cleanup, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';

const rows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.app-issue-row')];
const LABEL = { id: '99999999-9999-4999-8999-999999999999', name: 'frontend', color: '#ef4444' };

describe('issue list rows', () => {
  afterEach(cleanup);

  it('show the priority icon, labels and assignee initials the server sends', async () => {
    const { api } = seededApi((scene) => {
      scene.issues = [
        listedIssue(2, { priority: 'urgent', label_ids: [LABEL.id], labels: [LABEL], assignee_ids: [USER_ID, OTHER_ID], assignees: members.map(({ role: _, ...user }) => user) }),
        listedIssue(1),
      ];
    });
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => rows(app.container).length === 2, 'the issues');
    const [first, second] = rows(app.container);
    expect(first!.querySelector('.app-priority-icon')!.getAttribute('aria-label')).to.equal('Priority: Urgent');
    expect(second!.querySelector('.app-priority-icon')!.getAttribute('aria-label')).to.equal('Priority: None');
    expect(first!.querySelector('.app-state-icon')!.getAttribute('aria-label')).to.equal('State: Todo');
    expect(first!.querySelector('.app-issue-labels')!.textContent).to.equal('frontend');
    expect([...first!.querySelectorAll('.app-avatar')].map((avatar) => avatar.textContent)).to.deep.equal(['A', 'G']);
    expect(first!.querySelector('.app-issue-assignees')!.textContent).to.contain('Assignees: Ada, Grace');
    await expectAccessible(app.container);
  });
});
