import { expect } from '@open-wc/testing';
import { paths } from '../../../src/app/router/paths.js';
import { SUB_ISSUE_DESCRIPTION } from '../../../src/app/screens/issues/create-issue-dialog.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { ISSUE_ID, listedIssue, PROJECT_ID } from './fixtures.js';
import { click, press, typeInto } from './input.js';
import { property } from './pickers.js';
import { button, byText, cleanup, field, reply, until } from './render.js';
import { atBothSizes, openIssuePage, SEARCH, section, SUB_ISSUES, summary } from './issue-page.js';

const ISSUE = '/workspaces/:slug/projects/:projectId/issues/:issueId';
const CREATE = '/workspaces/:slug/projects/:projectId/issues';
const DRAFTS = '/workspaces/:slug/issue-drafts';

/** Five sub-issues: one completed, one cancelled, the others not done. */
const FIVE = [
  summary(1, { state__name: 'Done', state__group: 'completed' }),
  summary(2),
  summary(3, { state__name: 'Cancelled', state__group: 'cancelled' }),
  summary(4, { state__name: 'In Progress', state__group: 'started' }),
  summary(5, { state__name: 'Backlog', state__group: 'backlog' }),
];

const rows = (root: ParentNode) => [...section(root, 'Sub-issues').querySelectorAll('li')].map((row) => row.textContent);
const progress = (root: ParentNode) => section(root, 'Sub-issues').querySelector('.app-sub-issue-progress')?.textContent;
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

describe('issue page: sub-issues', () => {
  afterEach(cleanup);

  it('lists the sub-issues with key, title and state, how many are done (completed or cancelled), each linking to its page', async () => {
    const { app } = await openIssuePage({ subIssues: FIVE });
    expect(progress(app.container)).to.equal('2 of 5 done');
    expect(rows(app.container)).to.deep.equal([
      'WEB-1 Issue number 1Done',
      'WEB-2 Issue number 2Todo',
      'WEB-3 Issue number 3Cancelled',
      'WEB-4 Issue number 4In Progress',
      'WEB-5 Issue number 5Backlog',
    ]);
    await click(byText(section(app.container, 'Sub-issues'), 'a', 'Issue number 4'));
    await until(() => app.location() === paths.issue('acme', PROJECT_ID, listedIssue(4).id), 'the sub-issue');
  });

  it('says "No sub-issues yet." when there are none', async () => {
    const { app } = await openIssuePage();
    expect(section(app.container, 'Sub-issues').textContent).to.contain('No sub-issues yet.');
    expect(progress(app.container)).to.equal(undefined);
  });

  it('adds existing issues of the project from the picker with the keyboard: its candidates, no workspace search, the new list', async () => {
    const { app, api, state } = await openIssuePage({ subIssues: [summary(1)] });
    api.on('POST', SUB_ISSUES, (request) => {
      const ids = (request.body as { issue_ids: string[] }).issue_ids;
      state.subIssues = [...state.subIssues, ...[2, 3].map((n) => summary(n)).filter((issue) => ids.includes(issue.id))];
      return state.subIssues;
    });
    const addExisting = button(section(app.container, 'Sub-issues'), 'Add existing')!;
    addExisting.focus();
    await press('Enter');
    const picker = await until(() => dialog(), 'the picker');
    const searches = () => api.sent('GET', SEARCH).filter((request) => request.query.get('sub_issue') === 'true');
    const { query } = await until(() => searches()[0], 'the search');
    expect(query.get('issue_id')).to.equal(ISSUE_ID);
    expect(query.has('workspace_search')).to.equal(false);
    expect(picker.querySelector('[role="switch"]'), 'no workspace-level search').to.equal(null);
    // The candidates listed first, as a user sees them: their arrival moves the button down, and a
    // click aimed before it would land on a candidate.
    await until(() => byText(picker, 'label', 'WEB-3'), 'the candidates');
    // Nothing chosen: the spec's words, and nothing sent.
    await click(button(picker, 'Add sub-issues'));
    await until(() => byText(picker, '[role="alert"], p', 'Please select at least one issue.'), 'the selection message', { saw: () => [picker.isConnected, document.activeElement?.outerHTML.slice(0, 200), picker.textContent] });
    for (const key of ['WEB-2', 'WEB-3']) {
      (await until(() => byText(picker, 'label', key), key)).querySelector('input')!.focus();
      await press('Space');
    }
    await click(button(picker, 'Add sub-issues'));
    await until(() => !dialog(), 'the picker closed');
    expect(api.sent('POST', SUB_ISSUES).map((request) => request.body)).to.deep.equal([{ issue_ids: [listedIssue(2).id, listedIssue(3).id] }]);
    await until(() => rows(app.container).length === 3, 'the new sub-issues');
    expect(progress(app.container)).to.equal('0 of 3 done');
    await until(() => document.activeElement === addExisting, 'focus back on Add existing');
  });

  it("shows the server's refusal of a sub-issue and keeps the picker open", async () => {
    const { app, api } = await openIssuePage();
    api.on('POST', SUB_ISSUES, () => reply(400, { error: 'An issue cannot be its own parent or a sub-issue of its own sub-issues.' }));
    await click(button(section(app.container, 'Sub-issues'), 'Add existing'));
    const picker = await until(() => dialog(), 'the picker');
    await click(await until(() => byText(picker, 'label', 'WEB-2'), 'the result'));
    await click(button(picker, 'Add sub-issues'));
    await until(() => byText(document.body, '[role="status"], li', 'An issue cannot be its own parent'), 'the error toast');
    expect(dialog()).to.equal(picker);
    await press('Escape');
  });

  it('creates a new sub-issue through the create dialog, with this issue as its parent', async () => {
    const { app, api, state } = await openIssuePage();
    api.on('POST', CREATE, (request) => {
      const created = summary(8, { name: (request.body as { name: string }).name });
      state.subIssues = [created];
      return reply(201, { ...listedIssue(8), ...created, key: 'WEB-8' });
    });
    await click(button(section(app.container, 'Sub-issues'), 'Add sub-issue'));
    const form = await until(() => dialog()?.querySelector('form'), 'the create dialog');
    expect(dialog()!.textContent).to.contain(SUB_ISSUE_DESCRIPTION);
    await typeInto(field(form, 'Title'), 'Fix the footer too');
    await press('Enter');
    await until(() => !dialog(), 'the dialog closed');
    expect(api.sent('POST', CREATE)[0]!.body).to.deep.include({ name: 'Fix the footer too', parent_id: ISSUE_ID });
    await until(() => rows(app.container).length === 1, 'the new sub-issue listed');
    expect(rows(app.container)).to.deep.equal(['WEB-8 Fix the footer tooTodo']);
  });

  it('shows the parent in the sub-issue dialog; closed untouched it keeps no draft, closed with a title its draft keeps the parent', async () => {
    const { app, api } = await openIssuePage();
    api.on('POST', DRAFTS, (request) => reply(201, { id: 'dddddddd-dddd-4ddd-8ddd-000000000001', ...(request.body as object) }));
    await click(button(section(app.container, 'Sub-issues'), 'Add sub-issue'));
    let form = await until(() => dialog()?.querySelector('form'), 'the create dialog');
    expect((await property(form, 'Parent')).textContent).to.include('Fix the header');
    await press('Escape');
    await until(() => !dialog(), 'the dialog closed');
    expect(api.sent('POST', DRAFTS), 'nothing to keep').to.have.length(0);

    await click(button(section(app.container, 'Sub-issues'), 'Add sub-issue'));
    form = await until(() => dialog()?.querySelector('form'), 'the create dialog again');
    await typeInto(field(form, 'Title'), 'Fix the footer later');
    await press('Escape');
    await until(() => !dialog(), 'the dialog closed again');
    expect(api.sent('POST', DRAFTS)[0]!.body).to.deep.include({ name: 'Fix the footer later', parent_id: ISSUE_ID });
  });

  it("takes a sub-issue out: the sub-issue's parent is cleared", async () => {
    const { app, api, state } = await openIssuePage({ subIssues: FIVE.slice(0, 2) });
    api.on('PATCH', ISSUE, (request) => {
      state.subIssues = state.subIssues.filter((issue) => issue.id !== request.params.issueId);
      return { ...listedIssue(2), parent_id: null };
    });
    const remove = button(app.container, 'Remove sub-issue WEB-2 Issue number 2')!;
    remove.focus();
    await press('Enter');
    await until(() => rows(app.container).length === 1, 'the sub-issue gone');
    expect(api.sent('PATCH', ISSUE).map((request) => [request.params.issueId, request.body])).to.deep.equal([[listedIssue(2).id, { parent_id: null }]]);
    expect(progress(app.container)).to.equal('1 of 1 done');
  });

  it('keeps the heading on one line beside or above its buttons, at desktop and phone sizes', async () => {
    const { app } = await openIssuePage();
    await atBothSizes(async ({ width }) => {
      const part = section(app.container, 'Sub-issues');
      const heading = part.querySelector('h2')!;
      // One line box for the words: "Sub-" and "issues" on two lines would be two.
      const words = document.createRange();
      words.selectNodeContents(heading);
      expect(new Set([...words.getClientRects()].map((line) => Math.round(line.top))).size, `one line at ${width} px`).to.equal(1);
      for (const name of ['Add sub-issue', 'Add existing']) {
        const edge = button(part, name)!.getBoundingClientRect();
        expect(edge.right, `${name} inside the page`).to.be.at.most(width);
        // Beside the heading or under it, never over it.
        expect(edge.left >= heading.getBoundingClientRect().right || edge.top >= heading.getBoundingClientRect().bottom, name).to.equal(true);
      }
      expect(document.documentElement.scrollWidth, 'no sideways scrolling').to.be.at.most(width);
    });
  });

  for (const [who, role] of [['a guest', 5], ['a viewer', 10]] as const) {
    it(`shows ${who} the sub-issues without adding or removing`, async () => {
      const { app } = await openIssuePage({ role, subIssues: FIVE });
      expect(section(app.container, 'Sub-issues').querySelectorAll('button')).to.have.length(0);
      expect(rows(app.container)).to.have.length(5);
    });
  }

  for (const themeMode of ['light', 'dark'] as const) {
    it(`passes axe in the ${themeMode} theme at desktop and phone sizes, the picker open too`, async () => {
      const { app } = await openIssuePage({ subIssues: FIVE, themeMode });
      await atBothSizes(async ({ width }) => {
        await expectAccessible(app.container);
        expect(document.documentElement.scrollWidth, 'no sideways scrolling').to.be.at.most(width);
        await click(button(section(app.container, 'Sub-issues'), 'Add existing'));
        const picker = await until(() => dialog(), 'the picker');
        await until(() => byText(picker, 'label', 'WEB-2'), 'the results');
        await expectAccessible(picker);
        await press('Escape');
        await until(() => !dialog(), 'the picker closed');
      });
    });
  }
});
