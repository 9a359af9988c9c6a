/**
 * `features`: a built-in piece turned off leaves no UI, no key binding and no input rule,
 * while content of that kind still loads and round-trips. Driven with real keys.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { EditorExtension, RichEditor } from '../../src/element/index.js';
import { FEATURE_NAMES, type Features } from '../../src/core/features.js';
import { pressWith } from '../helpers/editor.js';
import { content } from '../helpers/element-ui.js';
import { selectWithKeys, until } from './toolbar/helpers.js';
import { clipboardEvent } from '../helpers/clipboard.js';
import { installFakeClock, type FakeClock } from '../helpers/fake-clock.js';

// The toolbar test runs the SDK's delays on a fake clock (the other tests keep the real one). This
// top-level hook runs after @open-wc/testing's fixture cleanup (registered when it is imported), so
// the elements leave the page while their timers are still on that clock.
let clock: FakeClock | null = null;
afterEach(() => {
  clock?.uninstall();
  clock = null;
});

// A host's own feature, typed as a host declares it: `features` then takes `stamps` in TypeScript too.
declare module '../../src/element/index.js' {
  interface CustomFeatures {
    stamps: true;
  }
}

const TABLE = '<table><tbody><tr><td><p>a</p></td><td><p>b</p></td></tr></tbody></table>';
const TASKS = '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label contenteditable="false"><input type="checkbox" checked="checked"></label><div><p>done</p></div></li></ul>';
const MENTION = '<p><span data-type="mention" class="mention" data-id="u1" data-label="Ada" data-self="false" data-redirect-uri="/" data-entity-identifier="u1" data-entity-name="user_mention">@Ada</span> hi</p>';

async function editor(value: string, features: Features): Promise<RichEditor> {
  const el = await fixture<RichEditor>(html`<rich-editor .features=${features} .value=${value} aria-label="Notes"></rich-editor>`);
  await el.updateComplete;
  content(el).focus();
  return el;
}

const ui = (el: RichEditor, tag: string) => el.shadowRoot!.querySelector(tag);

/** The slash menu's entries by id (words may be translated; ids are not). */
function slashIds(el: RichEditor): string[] {
  const menu = ui(el, 'rich-editor-slash-menu');
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="option"]') ?? [], (o) => o.dataset.id ?? '');
}

describe('features turned off', () => {
  it('tables: no table controls, no Table entry, Tab does not move between cells; tables still load', async () => {
    const el = await editor(`${TABLE}<p>x</p>`, { tables: false });
    expect(ui(el, 'rich-editor-table-controls')).to.equal(null);
    expect(el.getHTML()).to.equal(`${TABLE}<p>x</p>`);
    // The caret before "a", in the first cell, by a click.
    const cell = content(el).querySelector('td')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(cell.left + 9), Math.round(cell.top + cell.height / 2)] });
    await sendKeys({ press: 'Home' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'Z' });
    expect(el.getHTML(), 'Tab stayed in the first cell').to.contain('<td><p>Za</p></td><td><p>b</p></td>');
    // The slash menu (which opens outside tables) offers no Table entry.
    await pressWith('End', 'Control');
    await sendKeys({ type: ' /' });
    await until(() => slashIds(el).length > 0, 'the slash menu opens');
    expect(slashIds(el)).to.include('heading1').and.not.include('table');
  });

  it('slashMenu: "/" is only a character, and no menu element exists', async () => {
    const el = await editor('<p></p>', { slashMenu: false });
    expect(ui(el, 'rich-editor-slash-menu')).to.equal(null);
    await sendKeys({ type: '/code' });
    await sendKeys({ press: 'Enter' });
    expect(el.getHTML()).to.equal('<p>/code</p>');
  });

  it('toolbar: a selection shows no toolbar', async () => {
    const fake = (clock = installFakeClock());
    const el = await editor('<p>Some words</p>', { toolbar: false });
    expect(ui(el, 'rich-editor-toolbar')).to.equal(null);
    await selectWithKeys(el, 'words');
    // Whatever the editor would still do for the selection has run: its timers, then its render.
    fake.runAll();
    await el.updateComplete;
    expect(ui(el, 'rich-editor-toolbar')).to.equal(null);
  });

  it('taskLists: no "[ ] " rule, no Ctrl+Shift+9, no To do entry; to-do lists still load', async () => {
    const el = await editor(`${TASKS}<p></p>`, { taskLists: false });
    expect(el.getHTML()).to.equal(TASKS);
    await pressWith('End', 'Control');
    await sendKeys({ type: '[ ] item' });
    await pressWith('9', 'Control', 'Shift');
    expect(el.getHTML()).to.equal(`${TASKS}<p>[ ] item</p>`);
    await sendKeys({ type: ' /' });
    await until(() => slashIds(el).length > 0, 'the slash menu opens');
    expect(slashIds(el)).to.include('bullet').and.not.include('todo');
  });

  it('mentions: "@" opens nothing; mentions already there still load', async () => {
    const el = await editor(MENTION, { mentions: false });
    el.mentionSuggestions = async () => [{ id: 'u2', title: 'Alan', entity_identifier: 'u2', entity_name: 'user_mention', redirect_uri: '/' }];
    expect(ui(el, 'rich-editor-mention-list')).to.equal(null);
    expect(el.getHTML()).to.equal(MENTION);
    await pressWith('End', 'Control');
    await sendKeys({ type: ' @Al' });
    await sendKeys({ press: 'Enter' });
    expect(el.getHTML()).to.contain('hi @Al</p>');
  });

  it('typography and markdownShortcuts: "--" and "## " stay as typed', async () => {
    const el = await editor('<p></p>', { typography: false, markdownShortcuts: false });
    await sendKeys({ type: '## a -- b' });
    expect(el.getHTML()).to.equal('<p>## a -- b</p>');
  });

  it('dragHandle: no handle element', async () => {
    const el = await editor('<p>x</p>', { dragHandle: false });
    expect(ui(el, 'rich-editor-drag-handle')).to.equal(null);
  });

  it('images: a pasted image file is not uploaded, and images show without a resize handle', async () => {
    const image = '<img width="35%" src="https://example.com/a.png" style="width: 35%; height: auto;">';
    const el = await editor(`${image}<p>x</p>`, { images: false });
    let uploads = 0;
    el.uploadFile = async () => {
      uploads++;
      return 'https://example.com/b.png';
    };
    expect(content(el).querySelector('.image-resize-handle')).to.equal(null);
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' }));
    content(el).dispatchEvent(clipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    // With images on, the paste itself calls uploadFile (the upload starts before the paste returns).
    expect(uploads).to.equal(0);
    expect(el.getHTML()).to.equal(`${image}<p>x</p>`);
  });

  it('markdownPaste: pasted markdown stays text', async () => {
    const el = await editor('<p></p>', { markdownPaste: false });
    // Markdown paste, when on, loads its parser (its own chunk) as the editor takes focus and pastes
    // text until it is in; the paste comes once that chunk has loaded, so only the feature decides.
    await import('../../src/core/serialize/markdown-parse.js');
    const data = new DataTransfer();
    data.setData('text/plain', '## Title\n\n- one');
    content(el).dispatchEvent(clipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    expect(el.getHTML()).to.equal('<p>## Title</p><p>- one</p>');
  });

  it('turning a feature off after the editor started rebuilds it around its content', async () => {
    const el = await editor('<p>kept</p>', {});
    expect(ui(el, 'rich-editor-toolbar')).to.not.equal(null);
    el.features = { toolbar: false, slashMenu: false };
    await el.updateComplete;
    expect(ui(el, 'rich-editor-toolbar')).to.equal(null);
    expect(ui(el, 'rich-editor-slash-menu')).to.equal(null);
    expect(el.getHTML()).to.equal('<p>kept</p>');
  });

  it('keeps the caret and what undo takes back through a change of features or words mid-edit; the same words again change nothing', async () => {
    const el = await editor('<p>One</p><p>Two</p>', {});
    const view = el.editorView!;
    content(el).focus();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'End' });
    await sendKeys({ type: 'AB' });
    el.features = { tables: false };
    await el.updateComplete;
    expect(el.editorView === view, 'the same view').to.equal(true);
    await sendKeys({ type: 'CD' });
    el.strings = { 'editor.leaveHint': 'Échap puis Tab.' };
    await el.updateComplete;
    expect(content(el).getAttribute('aria-description'), 'the new words').to.equal('Échap puis Tab.');
    // A host re-rendering its words as a new object of the same words (React's strings={{ … }}).
    const plugins = view.state.plugins;
    el.strings = { 'editor.leaveHint': 'Échap puis Tab.' };
    await el.updateComplete;
    expect(view.state.plugins === plugins, 'nothing reconfigured').to.equal(true);
    await sendKeys({ type: 'EF' });
    expect(el.getHTML()).to.equal('<p>One</p><p>TwoABCDEF</p>');
    await pressWith('z', 'Control');
    expect(el.getHTML(), 'undo after the changes').to.equal('<p>One</p><p>Two</p>');
    await pressWith('y', 'Control');
    expect(el.getHTML()).to.equal('<p>One</p><p>TwoABCDEF</p>');
  });
});

describe('feature names', () => {
  /** A host's extension that declares its own feature: a slash entry inserting a stamp. */
  const stamp: EditorExtension = {
    name: 'stamp',
    feature: 'stamps',
    slash: [{ id: 'stamp', title: 'Stamp', command: (state, dispatch) => (dispatch?.(state.tr.insertText('[stamped]')), true) }],
  };

  it('refuses a name the editor does not have with a RangeError naming the valid ones, and keeps its features', async () => {
    const el = await editor('<p>x</p>', { tables: false });
    let error: unknown = null;
    try {
      // @ts-expect-error: feature names are a closed union, so a misspelt one does not type-check
      el.features = { tablez: false };
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(RangeError);
    const message = (error as RangeError).message;
    expect(message).to.contain('"tablez"');
    for (const name of FEATURE_NAMES) expect(message).to.contain(name);
    expect(el.features).to.deep.equal({ tables: false });
    await el.updateComplete;
    expect(ui(el, 'rich-editor-table-controls'), 'tables are still off').to.equal(null);
  });

  it("takes the features its extensions declare, once they are set, and turns them off", async () => {
    const el = await editor('<p></p>', {});
    expect(() => (el.features = { stamps: false }), 'no extension declares stamps yet').to.throw(RangeError, /"stamps"/);
    el.extensions = [stamp];
    el.features = { stamps: false };
    await el.updateComplete;
    content(el).focus();
    await sendKeys({ type: '/' });
    await until(() => slashIds(el).length > 0, 'the slash menu opens');
    expect(slashIds(el)).to.include('heading1').and.not.include('stamp');
    await sendKeys({ press: 'Escape' });
    el.features = {};
    await el.updateComplete;
    content(el).focus();
    await pressWith('End', 'Control');
    await sendKeys({ type: ' /stam' });
    await until(() => slashIds(el).includes('stamp'), 'the slash menu offers the stamp');
    await sendKeys({ press: 'Enter' });
    expect(el.getHTML()).to.contain('[stamped]');
  });
});
