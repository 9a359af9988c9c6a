/**
 * `menus`: a host orders and hides the slash menu's entries, the toolbar's block-type
 * menu and the toolbar's buttons by id, and extensions add toolbar buttons (a mark's
 * toggle with its shortcut, or an action). Keyboard use follows the arranged order.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import type { EditorExtension } from '../../src/core/index.js';
import { bar, blockButton, click, focused, focusToolbar, listbox, mount, placedToolbar, selectWithKeys, settle, until } from './toolbar/helpers.js';
import { content } from '../helpers/element-ui.js';
import { pressWith } from '../helpers/editor.js';
import { installFakeClock, type FakeClock } from '../helpers/fake-clock.js';

// The toolbar's update window runs on a fake clock, ended by `settle` where a test needs the update
// it holds back. Top-level hooks run after @open-wc/testing's fixture cleanup (registered when it is
// imported), so the elements leave the page while their timers are still on this clock.
let clock: FakeClock;
beforeEach(() => {
  clock = installFakeClock();
});
afterEach(() => {
  clock.uninstall();
});

const slashIds = (el: RichEditor) =>
  Array.from(el.shadowRoot!.querySelector('rich-editor-slash-menu')!.querySelectorAll<HTMLElement>('[role="option"]'), (option) => option.dataset.id);

const buttonIds = (el: RichEditor) => Array.from(bar(el)!.querySelectorAll<HTMLElement>('button[data-item]'), (b) => b.dataset.item);

async function openSlash(el: RichEditor): Promise<void> {
  content(el).focus();
  await sendKeys({ type: '/' });
  await until(() => slashIds(el).length > 0, 'the slash menu opens');
}

/** A highlighter mark with a toolbar button, and an action button that inserts a date stamp. */
const highlighter: EditorExtension = {
  name: 'highlighter',
  marks: [{ name: 'highlight', html: { tag: 'mark' }, toolbar: { label: 'Highlight', icon: 'highlight', shortcut: 'Mod-Shift-h' } }],
  toolbar: [
    {
      id: 'stamp',
      label: 'Insert stamp',
      icon: 'calendar',
      command: (state, dispatch) => {
        if (dispatch) dispatch(state.tr.insertText('[stamp]'));
        return true;
      },
    },
  ],
};

describe('menus', () => {
  it('orders and hides slash menu entries by id; unlisted entries keep their order after', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor .menus=${{ slash: { order: ['todo', 'heading1'], hide: ['divider', 'image', 'quote'] } }}></rich-editor>`);
    await openSlash(el);
    expect(slashIds(el)).to.deep.equal(['todo', 'heading1', 'text', 'heading2', 'heading3', 'bullet', 'numbered', 'table', 'code']);
    // The arranged order is the keyboard's: Enter on the first entry makes a to-do list.
    await sendKeys({ press: 'Enter' });
    expect(el.getHTML()).to.contain('data-type="taskList"');
  });

  it('a layout set later rebuilds the menus around the same content', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>kept</p>"></rich-editor>`);
    el.menus = { slash: { hide: ['text', 'heading1', 'heading2', 'heading3'] } };
    await el.updateComplete;
    expect(el.getHTML()).to.equal('<p>kept</p>');
    content(el).focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: ' /' });
    await until(() => slashIds(el).length > 0, 'the slash menu opens');
    expect(slashIds(el)[0]).to.equal('todo');
  });

  it("orders and hides the toolbar's buttons; arrows walk the arranged order", async () => {
    const el = await mount(html`<rich-editor value="<p>Some words here</p>" .menus=${{ toolbar: { order: ['link', 'bold'], hide: ['underline', 'code'] } }}></rich-editor>`, clock);
    await selectWithKeys(el, 'words');
    await settle(el, clock);
    await placedToolbar(el);
    expect(buttonIds(el)).to.deep.equal(['link', 'bold', 'block', 'italic', 'strike']);
    await focusToolbar();
    expect((focused() as HTMLElement).dataset.item).to.equal('link');
    await sendKeys({ press: 'ArrowRight' });
    expect((focused() as HTMLElement).dataset.item).to.equal('bold');
    await sendKeys({ press: 'End' });
    expect((focused() as HTMLElement).dataset.item).to.equal('strike');
    await sendKeys({ press: 'ArrowRight' });
    expect((focused() as HTMLElement).dataset.item).to.equal('link');
  });

  it("orders and hides the block-type menu's entries", async () => {
    const el = await mount(html`<rich-editor value="<p>Some words</p>" .menus=${{ blockMenu: { order: ['code'], hide: ['quote', 'heading3'] } }}></rich-editor>`, clock);
    await selectWithKeys(el, 'words');
    await settle(el, clock);
    await placedToolbar(el);
    await click(blockButton(el));
    await until(() => !!listbox(el), 'block menu open');
    const labels = Array.from(listbox(el)!.querySelectorAll('[role="option"]'), (o) => o.textContent!.trim());
    expect(labels).to.deep.equal(['Code', 'Text', 'Heading 1', 'Heading 2', 'To-do list', 'Bullet list', 'Numbered list']);
  });

  it("adds an extension mark's toggle, pressed where the text has it, with its shortcut bound and shown", async () => {
    const el = await mount(html`<rich-editor value="<p>Some words here</p>" .extensions=${[highlighter]}></rich-editor>`, clock);
    await selectWithKeys(el, 'words');
    await settle(el, clock);
    await placedToolbar(el);
    expect(buttonIds(el)).to.deep.equal(['block', 'bold', 'italic', 'strike', 'underline', 'code', 'highlight', 'stamp', 'link']);
    const highlight = bar(el)!.querySelector<HTMLButtonElement>('[data-item="highlight"]')!;
    expect(highlight.getAttribute('aria-label')).to.equal('Highlight');
    expect(highlight.getAttribute('aria-pressed')).to.equal('false');
    expect(highlight.getAttribute('aria-keyshortcuts')).to.match(/^(Control|Meta)\+Shift\+H$/);
    expect(highlight.title).to.match(/^Highlight \((Ctrl\+Shift\+H|⌘⇧H)\)$/);
    await click(highlight);
    expect(el.getHTML()).to.equal('<p>Some <mark>words</mark> here</p>');
    // A toolbar button's own result shows at once, in the toolbar's next render.
    await settle(el, clock);
    expect(bar(el)!.querySelector('[data-item="highlight"]')!.getAttribute('aria-pressed')).to.equal('true');
    // The shortcut is bound to the same toggle.
    await pressWith('KeyH', 'Control', 'Shift');
    expect(el.getHTML()).to.equal('<p>Some words here</p>');
    // An action button has no pressed state and runs its command.
    const stamp = bar(el)!.querySelector<HTMLButtonElement>('[data-item="stamp"]')!;
    expect(stamp.hasAttribute('aria-pressed')).to.equal(false);
    await click(stamp);
    expect(el.getHTML()).to.equal('<p>Some [stamp] here</p>');
  });

  it('a layout moves and hides extension buttons like built-in ones', async () => {
    const el = await mount(
      html`<rich-editor value="<p>Some words here</p>" .extensions=${[highlighter]} .menus=${{ toolbar: { order: ['highlight'], hide: ['stamp', 'block'] } }}></rich-editor>`,
      clock,
    );
    await selectWithKeys(el, 'words');
    await settle(el, clock);
    await placedToolbar(el);
    expect(buttonIds(el)).to.deep.equal(['highlight', 'bold', 'italic', 'strike', 'underline', 'code', 'link']);
    // Groups stay apart: a divider only where the group changes.
    expect(bar(el)!.querySelectorAll('.divider').length).to.equal(1);
  });

  it('takes its labels from the strings table by id', async () => {
    const el = await mount(html`<rich-editor value="<p>Some words here</p>" .extensions=${[highlighter]} .strings=${{ 'toolbar.highlight': 'Surligner' }}></rich-editor>`, clock);
    await selectWithKeys(el, 'words');
    await settle(el, clock);
    await placedToolbar(el);
    expect(bar(el)!.querySelector('[data-item="highlight"]')!.getAttribute('aria-label')).to.equal('Surligner');
  });
});

