import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { issueDetail, listedIssue, PROJECT_ID } from './fixtures.js';
import { click, press } from './input.js';
import { property } from './pickers.js';
import { cleanup, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';

const LIST = `${paths.projectIssues('acme', PROJECT_ID)}?layout=list`;
const rows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.app-issue-row')];
const peekButton = (root: ParentNode, key: string) => root.querySelector<HTMLButtonElement>(`button[aria-label="Preview ${key}"]`);
const BUG = { id: '99999999-0000-4000-8000-0000000000b1', name: 'Bug', color: '#ef4444' };
const panel = () => document.querySelector<HTMLElement>('aside.app-issue-peek');

/** The seeded list, whose issue WEB-2 reads as a detail with a description. */
function peekApi() {
  const { api } = seededApi();
  const second = listedIssue(2);
  return api.on('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId', (request) =>
    issueDetail({ ...second, key: 'WEB-2', id: request.params.issueId!, name: second.name, priority: 'high', description_html: '<p>Steps to reproduce.</p>' }),
  );
}

describe('issue preview beside the list', () => {
  afterEach(cleanup);

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`previews an issue without leaving the list, and gives focus back on Escape at ${width}x${height}`, async () => {
      await setViewport({ width, height });
      try {
        const api = peekApi();
        const app = renderApp(LIST, { api });
        await until(() => rows(app.container).length === 3 && peekButton(app.container, 'WEB-2'), 'the rows with their preview buttons');
        const path = app.location();
        await click(peekButton(app.container, 'WEB-2')!);
        const aside = await until(() => panel()?.querySelector('h2') && panel(), 'the preview');
        expect(aside.getAttribute('aria-label')).to.equal('Preview of WEB-2');
        expect(aside.querySelector('h2')!.textContent).to.equal('Issue number 2');
        await until(() => document.activeElement === aside.querySelector('h2'), 'focus on the preview’s title');
        expect(aside.querySelector('dl')!.textContent).to.contain('High');
        const editor = aside.querySelector<HTMLElement & { getHTML(): string; updateComplete: Promise<unknown> }>('rich-editor')!;
        await until(() => editor.getHTML?.() === '<p>Steps to reproduce.</p>', 'the description, read-only');
        expect(editor.hasAttribute('readonly') || (editor as unknown as { readOnly: boolean }).readOnly).to.equal(true);
        expect(aside.querySelector('a')!.getAttribute('href')).to.equal(paths.issue('acme', PROJECT_ID, listedIssue(2).id));
        // The list stays where it was; the address names the preview, so a reload keeps it.
        expect(app.location()).to.contain(`peek=${listedIssue(2).id}`);
        expect(app.location().startsWith(path.split('?')[0]!)).to.equal(true);
        expect(peekButton(app.container, 'WEB-2')!.getAttribute('aria-pressed')).to.equal('true');
        await expectAccessible(app.container);
        await press('Escape');
        await until(() => !panel(), 'the preview closed');
        await until(() => document.activeElement === peekButton(app.container, 'WEB-2'), 'focus back on the row’s button');
        expect(app.location()).to.not.contain('peek=');
      } finally {
        await setViewport({ width: 1280, height: 800 });
      }
    });
  }

  it('keeps the rows beside the preview in line at 1440x900: titles start together, each on one line, no empty line under one', async () => {
    await setViewport({ width: 1440, height: 900 });
    try {
      const { api } = seededApi((scene) => {
        scene.issues = [
          listedIssue(20, { name: `A title far too long for the list beside the preview ${'and longer '.repeat(20)}` }),
          listedIssue(19, { label_ids: [BUG.id], labels: [BUG] }),
          listedIssue(17),
          listedIssue(9, { target_date: '2026-12-19' }),
        ];
        scene.issue = issueDetail({ ...listedIssue(9), key: 'WEB-9' });
      });
      const app = renderApp(`${LIST}&peek=${listedIssue(9).id}`, { api });
      await until(() => rows(app.container).length === 4 && panel()?.querySelector('h2'), 'the rows beside the preview');
      const [long, labelled, bare, dated] = rows(app.container);
      const title = (row: HTMLElement) => row.querySelector<HTMLElement>('.app-issue-title-cell a')!;
      const box = (element: Element) => element.getBoundingClientRect();
      // The list is narrowed to its two-line rows (under 800 px), as the preview's seat intends.
      expect(box(app.container.querySelector('.app-issue-list')!).width).to.be.below(800);
      for (const row of [labelled, bare, dated]) expect(box(title(row!)).left, row!.textContent!).to.equal(box(title(long!)).left);
      expect(box(title(long!)).height, 'the long title on one line').to.be.at.most(box(title(bare!)).height + 0.5);
      expect(title(long!).scrollWidth, 'cut short').to.be.greaterThan(title(long!).clientWidth);
      expect(getComputedStyle(title(long!)).textOverflow).to.equal('ellipsis');
      // A row with no label, assignee or date is its title's line; one with any has that line under it.
      const under = (row: HTMLElement) => box(row).bottom - box(row.querySelector('.app-issue-title-cell')!).bottom;
      expect(under(bare!), 'no empty line').to.be.below(under(labelled!) - 10);
      expect(under(long!), 'no empty line').to.equal(under(bare!));
      expect(box(dated!.querySelector('.app-issue-date')!).top, 'a date under its title').to.be.at.least(box(title(dated!)).bottom);
      // Down Arrow from the labels picker goes to the row below although its empty pickers are not drawn.
      const labels = await property(labelled!, 'Labels');
      labels.focus();
      await press('ArrowDown');
      expect(bare!.contains(document.activeElement), 'focus in the row below').to.equal(true);
      expect(document.activeElement!.getClientRects().length, 'on a control drawn').to.be.above(0);
    } finally {
      await setViewport({ width: 1280, height: 800 });
    }
  });

  it('opens from the address and closes with its button', async () => {
    const app = renderApp(`${LIST}&peek=${listedIssue(2).id}`, { api: peekApi() });
    await until(() => panel()?.querySelector('h2'), 'the preview from the address');
    await click(panel()!.querySelector<HTMLButtonElement>('button[aria-label="Close preview"]')!);
    await until(() => !panel(), 'the preview closed');
    expect(rows(app.container)).to.have.length(3);
  });
});
