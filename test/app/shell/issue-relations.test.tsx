import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { IssueRelation } from '../../../src/app/api/types.js';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { menuEntries, openMenu } from './action-menus.js';
import { ISSUE_ID, listedIssue, PROJECT_ID } from './fixtures.js';
import { click, press } from './input.js';
import { button, byText, cleanup, reply, until } from './render.js';
import { atBothSizes, openIssuePage, RELATIONS, SEARCH, section, summary } from './issue-page.js';

const RELATION_IDS = ['r1', 'r2', 'r3', 'r4'].map((id) => `${id.padEnd(8, '0')}-0000-4000-8000-000000000000`);

/** WEB-7's relations: relates to WEB-2, blocked by WEB-3 (done), duplicate of an issue the user cannot open. */
const RELATIONS_OF_7: IssueRelation[] = [
  { id: RELATION_IDS[0]!, relation_type: 'relates_to', issue: summary(2) },
  { id: RELATION_IDS[1]!, relation_type: 'blocked_by', issue: summary(3, { state__name: 'Done', state__group: 'completed', state__color: '#16a34a' }) },
  { id: RELATION_IDS[2]!, relation_type: 'duplicate', issue: { hidden: true } },
];

/** The groups of the Relations section: each heading with its rows' text. */
const groups = (root: ParentNode) =>
  [...section(root, 'Relations').querySelectorAll('h3')].map((heading) => [
    heading.textContent,
    [...heading.nextElementSibling!.querySelectorAll('li')].map((row) => row.textContent),
  ]);

describe('issue page: relations', () => {
  afterEach(cleanup);

  it('lists the relations grouped by type in words, each with key, title and state, linking to the issue; a hidden one says so', async () => {
    const { app } = await openIssuePage({ relations: RELATIONS_OF_7 });
    expect(groups(app.container)).to.deep.equal([
      ['Relates to', ['WEB-2 Issue number 2Todo']],
      ['Blocked by', ['WEB-3 Issue number 3Done']],
      ['Duplicate of', ['An issue you cannot open']],
    ]);
    const links = [...section(app.container, 'Relations').querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).to.deep.equal(['WEB-2 Issue number 2', 'WEB-3 Issue number 3']);
    await click(byText(section(app.container, 'Relations'), 'a', 'Issue number 3'));
    await until(() => app.location() === paths.issue('acme', PROJECT_ID, listedIssue(3).id), 'the related issue');
  });

  it('says so when there are none', async () => {
    const { app } = await openIssuePage();
    expect(section(app.container, 'Relations').textContent).to.contain('No relations yet.');
  });

  it('adds a "blocking" relation with the keyboard: the type from the menu, then issues from the picker (across the workspace if asked)', async () => {
    const { app, api, state } = await openIssuePage();
    api.on('POST', RELATIONS, (request) => {
      const { relation_type, issue_ids } = request.body as { relation_type: 'blocking'; issue_ids: string[] };
      const added = issue_ids.map((id, i) => ({ id: RELATION_IDS[3 - i]!, relation_type, issue: summary(Number(id.slice(-1))) }));
      state.relations.push(...added);
      return reply(201, added);
    });
    const add = button(section(app.container, 'Relations'), 'Add relation')!;
    add.focus();
    await press('Enter');
    const menu = await openMenu();
    expect(menuEntries(menu)).to.deep.equal(['Relates to', 'Blocking', 'Blocked by', 'Duplicate of']);
    await until(() => document.activeElement?.textContent === 'Relates to', 'focus on the first type');
    await press('ArrowDown');
    expect(document.activeElement!.textContent).to.equal('Blocking');
    await press('Enter');
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the picker');
    expect(dialog.querySelector('h2')!.textContent).to.equal('Add relation: blocking');
    const searches = () => api.sent('GET', SEARCH).filter((request) => request.query.get('issue_relation') === 'true');
    const { query } = await until(() => searches()[0], 'the search');
    expect([query.get('issue_id'), query.get('workspace_search')]).to.deep.equal([ISSUE_ID, 'false']);
    // The workspace-level switch searches every project the user can open.
    await click(dialog.querySelector('[role="switch"]'));
    await until(() => searches().some((request) => request.query.get('workspace_search') === 'true'), 'the workspace search');
    const result = await until(() => byText(dialog, 'label', 'WEB-3'), 'the result');
    result.querySelector('input')!.focus();
    await press('Space');
    await click(button(dialog, 'Add relation'));
    await until(() => !document.querySelector('[role="dialog"]'), 'the picker closed');
    expect(api.sent('POST', RELATIONS)[0]!.body).to.deep.equal({ relation_type: 'blocking', issue_ids: [listedIssue(3).id] });
    await until(() => groups(app.container).length === 1, 'the new relation');
    expect(groups(app.container)).to.deep.equal([['Blocking', ['WEB-3 Issue number 3Todo']]]);
    await until(() => document.activeElement === add, 'focus back on Add relation');
  });

  it("shows the server's refusal and keeps the picker open", async () => {
    const { app, api } = await openIssuePage();
    api.on('POST', RELATIONS, () => reply(409, { error: 'Some of these issues are already related to this one: remove that relation first.' }));
    await click(button(section(app.container, 'Relations'), 'Add relation'));
    await click(await until(() => [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((item) => item.textContent === 'Relates to') ?? null, 'the types'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the picker');
    await click(await until(() => byText(dialog, 'label', 'WEB-2'), 'the result'));
    await click(button(dialog, 'Add relation'));
    await until(() => byText(document.body, '[role="status"], li', 'Some of these issues are already related to this one'), 'the error toast');
    expect(document.querySelector('[role="dialog"]')).to.equal(dialog);
    await press('Escape');
  });

  it('removes a relation, the hidden one too, with a button per relation', async () => {
    const { app, api, state } = await openIssuePage({ relations: RELATIONS_OF_7 });
    api.on('DELETE', `${RELATIONS}/:relationId`, (request) => {
      state.relations = state.relations.filter((relation) => relation.id !== request.params.relationId);
      return undefined;
    });
    const remove = button(app.container, 'Remove relation: blocked by WEB-3 Issue number 3')!;
    remove.focus();
    await press('Enter');
    await until(() => groups(app.container).length === 2, 'the relation gone');
    await click(button(app.container, 'Remove relation: duplicate of an issue you cannot open'));
    await until(() => groups(app.container).length === 1, 'the hidden relation gone');
    expect(api.sent('DELETE', `${RELATIONS}/:relationId`).map((request) => request.params.relationId)).to.deep.equal([RELATION_IDS[1], RELATION_IDS[2]]);
    expect(groups(app.container)).to.deep.equal([['Relates to', ['WEB-2 Issue number 2Todo']]]);
  });

  for (const [who, role] of [['a guest', 5], ['a viewer', 10]] as const) {
    it(`shows ${who} the relations without adding or removing`, async () => {
      const { app } = await openIssuePage({ role, relations: RELATIONS_OF_7 });
      const relations = section(app.container, 'Relations');
      expect(relations.querySelectorAll('button')).to.have.length(0);
      expect(groups(app.container)).to.have.length(3);
    });
  }

  for (const themeMode of ['light', 'dark'] as const) {
    it(`passes axe in the ${themeMode} theme at desktop and phone sizes, with the type menu open too`, async () => {
      const { app } = await openIssuePage({ relations: RELATIONS_OF_7, themeMode });
      await atBothSizes(async ({ width }) => {
        await expectAccessible(app.container);
        expect(document.documentElement.scrollWidth, 'no sideways scrolling').to.be.at.most(width);
        await click(button(section(app.container, 'Relations'), 'Add relation'));
        await expectAccessible(await openMenu());
        await sendKeys({ press: 'Escape' });
        await until(() => !document.querySelector('[role="menu"]'), 'the menu closed');
      });
    });
  }
});
