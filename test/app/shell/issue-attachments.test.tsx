import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { attachmentSizeMessage, EMPTY_ATTACHMENT_MESSAGE } from '../../../src/api-shapes/attachment-rules.js';
import type { Attachment } from '../../../src/app/api/types.js';
import { paths } from '../../../src/app/router/paths.js';
import type { ThemeMode } from '../../../src/app/ui/theme.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { gate } from './fake-api.js';
import { ISSUE_ID, OTHER_ID, project, PROJECT_ID, USER_ID } from './fixtures.js';
import { click, press } from './input.js';
import { button, byText, cleanup, renderApp, reply, until, untilFocusedIn } from './render.js';
import { seededApi } from './seeded-api.js';
import { isolated } from '../../../src/app/ui/bidi.js';

const ISSUE_URL = paths.issue('acme', PROJECT_ID, ISSUE_ID);
const ATTACHMENTS = '/workspaces/:slug/projects/:projectId/issues/:issueId/attachments';
const ADA = { id: USER_ID, display_name: 'Ada', first_name: 'Ada', is_bot: false, avatar: null };
const GRACE = { id: OTHER_ID, display_name: 'Grace', first_name: 'Grace', is_bot: false, avatar: null };

let counter = 0;

/** An attachment as the server lists it: Ada's PDF unless said otherwise. */
function attachment(overrides: Partial<Attachment> = {}): Attachment {
  const id = `aaaaaaaa-aaaa-4aaa-8aaa-${String(++counter).padStart(12, '0')}`;
  return {
    id,
    issue_id: ISSUE_ID,
    name: 'report.pdf',
    size: 126_976,
    content_type: 'application/pdf',
    uploaded_by: ADA,
    created_at: '2025-01-02T10:00:00.000Z',
    download_url: `/api/workspaces/acme/projects/${PROJECT_ID}/issues/${ISSUE_ID}/attachments/${id}`,
    ...overrides,
  };
}

/** The issue page with `stored` as its attachments (the fake adds uploads to it and removes deletions), for a project role. */
async function openIssue(stored: Attachment[], options: { role?: 5 | 10 | 15 | 20; themeMode?: ThemeMode } = {}) {
  const { api } = seededApi((scene) => (scene.projects = [project(options.role ?? 20)]));
  api
    .on('GET', ATTACHMENTS, () => stored)
    .on('DELETE', `${ATTACHMENTS}/:attachmentId`, (request) => {
      stored.splice(stored.findIndex((entry) => entry.id === request.params.attachmentId), 1);
    });
  const app = renderApp(ISSUE_URL, { api, ...(options.themeMode ? { themeMode: options.themeMode } : {}) });
  const section = await until(() => app.container.querySelector<HTMLElement>('section[aria-labelledby="issue-attachments-heading"]'), 'the attachments section');
  await until(() => !section.querySelector('[role="progressbar"], .app-spinner') && (section.querySelector('.app-attachment-list') || byText(section, 'p', 'No attachments yet.')), 'the attachments');
  return { app, api, section };
}

/** Chooses `files` in the section's file chooser, as the browser does once a person picks them. */
function choose(section: HTMLElement, files: File[]): void {
  const input = section.querySelector<HTMLInputElement>('input[type="file"]')!;
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Drags `files` over the section and drops them. */
function drop(section: HTMLElement, files: File[]): boolean {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  const over = new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer });
  section.querySelector('h2')!.dispatchEvent(over);
  section.querySelector('h2')!.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
  return over.defaultPrevented;
}

const rows = (section: HTMLElement) => [...section.querySelectorAll<HTMLElement>('.app-attachment')];
const problems = (section: HTMLElement) => [...section.querySelectorAll('[role="alert"] li')].map((item) => item.textContent);

describe('issue attachments', () => {
  afterEach(async () => {
    cleanup();
    await setViewport({ width: 800, height: 600 });
  });

  it('says when there are none', async () => {
    const { section } = await openIssue([]);
    expect(byText(section, 'p', 'No attachments yet.')).to.not.equal(null);
    expect(section.querySelector('h2')!.textContent).to.equal('Attachments');
  });

  it('lists each with an icon for its type, its name as a download, its size, uploader and date', async () => {
    const sheet = attachment({ name: 'budget.csv', content_type: 'text/csv', size: 512, uploaded_by: GRACE });
    const gone = attachment({ name: 'photo.png', content_type: 'image/png', size: 3_145_728, uploaded_by: null });
    const { section } = await openIssue([attachment(), sheet, gone]);
    const [pdf, csv, png] = rows(section);
    expect(pdf!.querySelector('[role="img"]')!.getAttribute('aria-label')).to.equal('Document');
    expect(csv!.querySelector('[role="img"]')!.getAttribute('aria-label')).to.equal('Spreadsheet');
    expect(png!.querySelector('[role="img"]')!.getAttribute('aria-label')).to.equal('Image');
    const link = csv!.querySelector('a')!;
    expect([link.textContent, link.getAttribute('href'), link.getAttribute('download')]).to.deep.equal(['budget.csv', sheet.download_url, 'budget.csv']);
    expect(pdf!.querySelector('.app-attachment-meta')!.textContent).to.equal(`124 KB · Ada · ${new Date('2025-01-02T10:00:00.000Z').toLocaleString()}`);
    expect(csv!.querySelector('.app-attachment-meta')!.textContent).to.match(/^512 B · Grace · /);
    expect(png!.querySelector('.app-attachment-meta')!.textContent).to.match(/^3 MB · Deleted user · /);
    expect(csv!.querySelector('time')!.getAttribute('datetime')).to.equal(sheet.created_at);
  });

  it('uploads the files chosen with the button (keyboard), each with its progress, then lists them', async () => {
    const stored: Attachment[] = [];
    const { api, section } = await openIssue(stored);
    const held = gate();
    api.on('POST', ATTACHMENTS, async (request) => {
      const file = (request.body as FormData).get('asset') as File;
      await held.opened;
      const created = attachment({ name: file.name, size: file.size, content_type: file.type });
      stored.push(created);
      return reply(201, created);
    });
    const upload = button(section, 'Upload files')!;
    const input = section.querySelector<HTMLInputElement>('input[type="file"]')!;
    let opened = 0;
    // The browser's file chooser cannot be driven from a test: count that it opens, then choose as it would.
    input.addEventListener('click', (event) => {
      event.preventDefault();
      opened++;
    });
    upload.focus();
    await press('Enter');
    expect(opened).to.equal(1);
    choose(section, [new File(['hello'], 'notes.txt', { type: 'text/plain' }), new File(['{}'], 'data.json', { type: 'application/json' })]);
    const progress = await until(() => section.querySelector<HTMLProgressElement>('progress[aria-label="Uploading notes.txt"]'), 'the progress of notes.txt');
    expect(progress.value).to.equal(0);
    expect(section.querySelector('progress[aria-label="Uploading data.json"]')).to.not.equal(null);
    held.open();
    await until(() => rows(section).length === 2 && !section.querySelector('progress'), 'both listed');
    expect(rows(section).map((row) => row.querySelector('a')!.textContent)).to.have.members(['notes.txt', 'data.json']);
    expect(section.querySelector('[role="status"]')!.textContent).to.match(/^(notes\.txt|data\.json) uploaded\.$/);
    const sent = api.sent('POST', ATTACHMENTS).map((request) => ((request.body as FormData).get('asset') as File).name);
    expect(sent).to.have.members(['notes.txt', 'data.json']);
  });

  it("uploads dropped files; refuses empty and oversized ones in the server's words without sending them, and shows a failure's text", async () => {
    const { api, section } = await openIssue([]);
    api.on('POST', ATTACHMENTS, (request) => {
      const file = (request.body as FormData).get('asset') as File;
      return file.name === 'broken.bin' ? reply(500) : reply(400, { error: 'The file name is not valid. Please rename the file and try again.' });
    });
    const big = new File([new Uint8Array(5_242_881)], 'huge.zip', { type: 'application/zip' });
    const accepted = drop(section, [new File([], 'empty.txt'), big, new File(['x'], 'broken.bin'), new File(['x'], '...')]);
    expect(accepted, 'the section takes the drop').to.equal(true);
    await until(() => problems(section).length === 4, 'four problems', { saw: () => problems(section) });
    expect(problems(section)).to.have.members([
      `empty.txt ${EMPTY_ATTACHMENT_MESSAGE}`,
      `huge.zip ${attachmentSizeMessage(5_242_880)}`,
      'broken.bin Something went wrong. Please try again.',
      '... The file name is not valid. Please rename the file and try again.',
    ]);
    expect(attachmentSizeMessage(5_242_880)).to.equal('File size too large. Please select a file smaller than 5MB.');
    expect(api.sent('POST', ATTACHMENTS).map((request) => ((request.body as FormData).get('asset') as File).name)).to.have.members(['broken.bin', '...']);
    await expectAccessible(section);
  });

  it('deletes after a confirmation where allowed (own files; an admin any), then gives focus to the section', async () => {
    const mine = attachment({ name: 'mine.txt', content_type: 'text/plain' });
    const theirs = attachment({ name: 'theirs.txt', content_type: 'text/plain', uploaded_by: GRACE });
    const { api, section } = await openIssue([mine, theirs], { role: 15 });
    expect(button(section, 'Delete theirs.txt'), "a member cannot delete someone else's").to.equal(null);
    await click(button(section, 'Delete mine.txt'));
    const dialog = await untilFocusedIn(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the confirmation');
    expect(dialog.textContent).to.contain('Delete attachment');
    expect(dialog.textContent).to.contain(`"${isolated('mine.txt')}" will be deleted for everyone who can see this issue.`);
    await press('Escape');
    await until(() => !document.querySelector('[role="dialog"]'), 'the dialog closed');
    expect(document.activeElement).to.equal(button(section, 'Delete mine.txt'));
    expect(api.sent('DELETE', `${ATTACHMENTS}/:attachmentId`)).to.deep.equal([]);
    await press('Enter');
    await click(await until(() => button(document.querySelector('[role="dialog"]')!, 'Delete'), 'the Delete button'));
    await until(() => rows(section).length === 1, 'the file gone');
    expect(api.sent('DELETE', `${ATTACHMENTS}/:attachmentId`).map((request) => request.path)).to.deep.equal([`/api${mine.download_url.slice(4)}`]);
    await until(() => document.activeElement === section.querySelector('h2'), 'focus on the section');
  });

  it('gives an admin the delete of every file', async () => {
    const { section } = await openIssue([attachment({ uploaded_by: GRACE, name: 'a.txt' }), attachment({ uploaded_by: null, name: 'b.txt' })]);
    expect([button(section, 'Delete a.txt'), button(section, 'Delete b.txt')].every(Boolean)).to.equal(true);
  });

  for (const [who, role] of [['a guest', 5], ['a viewer', 10]] as const) {
    it(`lets ${who} download but not upload (button disabled with the reason, drops refused) nor delete others' files`, async () => {
      const file = attachment({ uploaded_by: GRACE });
      const { api, section } = await openIssue([file], { role });
      const upload = button(section, 'Upload files')!;
      expect(upload.disabled).to.equal(true);
      expect(document.getElementById(upload.getAttribute('aria-describedby')!)!.textContent).to.equal('Guests and viewers cannot upload attachments.');
      expect(drop(section, [new File(['x'], 'x.txt')])).to.equal(false);
      expect(api.sent('POST', ATTACHMENTS)).to.deep.equal([]);
      expect(button(section, 'Delete report.pdf')).to.equal(null);
      expect(rows(section)[0]!.querySelector('a')!.getAttribute('href'), 'the download is for everyone').to.equal(file.download_url);
      await expectAccessible(section);
    });
  }

  for (const themeMode of ['light', 'dark'] as const) {
    it(`fits a 390 px phone and passes axe in the ${themeMode} theme, an upload under way`, async () => {
      await setViewport({ width: 390, height: 844 });
      const { api, section } = await openIssue([attachment({ name: `${'long-name-'.repeat(8)}.pdf` }), attachment({ uploaded_by: GRACE })], { themeMode });
      const held = gate();
      api.on('POST', ATTACHMENTS, async () => (await held.opened, reply(500)));
      choose(section, [new File(['x'], 'slides-for-the-quarterly-review.key')]);
      await until(() => section.querySelector('progress'), 'the progress');
      for (const element of section.querySelectorAll('li, button, a, progress')) {
        expect(element.getBoundingClientRect().right, element.outerHTML.slice(0, 80)).to.be.at.most(390);
      }
      await expectAccessible(section);
      held.open();
      await until(() => problems(section).length === 1, 'the failure');
    });
  }
});
