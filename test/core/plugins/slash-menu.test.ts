import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { TextSelection, type Command } from 'prosemirror-state';
import { slashMenuKey, slashMenuPlugin, runSlashItem, type SlashMenuOptions, type SlashMenuState } from '../../../src/core/plugins/slash-menu.js';
import { serializeHTML } from '../../../src/core/serialize/html.js';
import { captureLog } from '../../helpers/log.js';
import { mountEditor, type TestEditor } from '../../helpers/editor.js';

describe('slash menu', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  function mount(html: string, options: SlashMenuOptions = {}, caret?: number): TestEditor {
    editor = mountEditor(html, { plugins: [slashMenuPlugin(options)], caret });
    return editor;
  }
  const menu = (): SlashMenuState => slashMenuKey.getState(editor!.view.state)!;
  const titles = () => menu().items.map((item) => item.title);
  const html = () => serializeHTML(editor!.view.state.doc);
  const type = (text: string) => sendKeys({ type: text });
  const press = (key: string) => sendKeys({ press: key });

  it('opens on a slash typed in an empty paragraph, with every entry in the spec order', async () => {
    mount('<p></p>');
    await type('/');
    expect(menu().open).to.equal(true);
    expect(menu().query).to.equal('');
    expect(menu().range).to.deep.equal({ from: 1, to: 2 });
    expect(menu().highlighted).to.equal(0);
    expect(titles()).to.deep.equal(['Text', 'Heading 1', 'Heading 2', 'Heading 3', 'To do', 'Bullet list', 'Numbered list', 'Table', 'Quote', 'Code', 'Image', 'Divider']);
    for (const item of menu().items) {
      expect(item.description, item.title).to.be.a('string').and.not.equal('');
      expect(item.searchTerms, item.title).to.be.an('array');
    }
  });

  it('opens after white space but not inside a word', async () => {
    mount('<p>and</p>');
    await type('/');
    expect(menu().open).to.equal(false);
    await type(' /');
    expect(menu().open).to.equal(true);
    expect(menu().range).to.deep.equal({ from: 6, to: 7 });
    expect(html()).to.equal('<p>and/ /</p>');
  });

  it('does not open in a code block', async () => {
    mount('<pre><code>x </code></pre>');
    await type('/');
    expect(menu().open).to.equal(false);
    expect(editor!.view.state.doc.textContent).to.equal('x /');
  });

  it('does not open in a table cell', async () => {
    mount('<table><tr><td><p>cell</p></td></tr></table>', {}, 8);
    await type(' /');
    expect(menu().open).to.equal(false);
    expect(editor!.view.state.doc.textContent).to.equal('cell /');
  });

  it('filters by title as the user types: "head" leaves the three headings', async () => {
    mount('<p></p>');
    await type('/head');
    expect(menu().query).to.equal('head');
    expect(menu().range).to.deep.equal({ from: 1, to: 6 });
    expect(titles()).to.deep.equal(['Heading 1', 'Heading 2', 'Heading 3']);
  });

  it('filters ignoring case: "TODO" finds To do', async () => {
    mount('<p></p>');
    await type('/TODO');
    expect(titles()).to.deep.equal(['To do']);
  });

  it('filters on search terms', async () => {
    mount('<p></p>');
    await type('/photo');
    expect(titles()).to.deep.equal(['Image']);
  });

  it('filters on the description', async () => {
    mount('<p></p>');
    await type('/snippet');
    expect(titles()).to.deep.equal(['Code']);
  });

  it('widens again on Backspace', async () => {
    mount('<p></p>');
    await type('/head');
    await press('Backspace');
    await press('Backspace');
    expect(menu().query).to.equal('he');
    expect(titles()).to.include.members(['Heading 1', 'Heading 2', 'Heading 3', 'To do']);
  });

  it('moves the highlight with the arrows and wraps around at both ends', async () => {
    mount('<p></p>');
    await type('/head');
    await press('ArrowDown');
    expect(menu().highlighted).to.equal(1);
    await press('ArrowDown');
    await press('ArrowDown');
    expect(menu().highlighted).to.equal(0);
    await press('ArrowUp');
    expect(menu().highlighted).to.equal(2);
    // The caret did not move: the menu took the keys.
    expect(editor!.view.state.selection.from).to.equal(6);
  });

  it('resets the highlight when the query changes', async () => {
    mount('<p></p>');
    await type('/h');
    await press('ArrowDown');
    await type('e');
    expect(menu().highlighted).to.equal(0);
  });

  it('Enter runs the highlighted entry and removes the typed /query: /h2 makes a heading 2', async () => {
    mount('<p>title</p>', {}, 1);
    await type('/h2');
    expect(titles()).to.deep.equal(['Heading 2']);
    await press('Enter');
    expect(html()).to.equal('<h2>title</h2>');
    expect(menu().open).to.equal(false);
  });

  it('Enter on an arrowed-to entry runs that entry', async () => {
    mount('<p>x</p>', {}, 1);
    await type('/head');
    await press('ArrowUp');
    await press('Enter');
    expect(html()).to.equal('<h3>x</h3>');
  });

  it('runs the list, quote, code and divider entries', async () => {
    const cases: Array<[string, string]> = [
      ['/bullet', '<ul><li><p>x</p></li></ul>'],
      ['/numbered', '<ol><li><p>x</p></li></ol>'],
      ['/to do', '<ul data-type="taskList"><li data-type="taskItem" data-checked="false"><label contenteditable="false"><input type="checkbox"></label><div><p>x</p></div></li></ul>'],
      ['/quote', '<blockquote><p>x</p></blockquote>'],
      ['/code', '<pre data-language="plaintext"><code class="language-plaintext">x</code></pre>'],
    ];
    for (const [typed, expected] of cases) {
      mount('<p>x</p>', {}, 1);
      await type(typed);
      await press('Enter');
      expect(html(), typed).to.equal(expected);
      editor!.destroy();
      editor = null;
    }
  });

  it('Text turns a heading back into a paragraph and lifts an item out of its list', async () => {
    mount('<h1>a</h1>', {}, 2);
    await type(' /text');
    await press('Enter');
    expect(html()).to.equal('<p>a </p>');
    editor!.destroy();
    mount('<ul><li><p>b</p><ul><li><p>c</p></li></ul></li></ul>');
    await type(' /text');
    await press('Enter');
    expect(html()).to.equal('<ul><li><p>b</p></li></ul><p>c </p>');
  });

  it('Divider on an empty line inserts a rule and leaves the caret in a paragraph after it', async () => {
    mount('<p>x</p><p></p>');
    await type('/divider');
    await press('Enter');
    await type('y');
    expect(html()).to.equal('<p>x</p><hr><p>y</p>');
  });

  it('undo takes back the entry in one step and brings the /query back', async () => {
    mount('<p>x</p>', {}, 1);
    await type('/h1');
    await press('Enter');
    expect(html()).to.equal('<h1>x</h1>');
    await sendKeys({ down: 'Control' });
    await press('z');
    await sendKeys({ up: 'Control' });
    expect(html()).to.equal('<p>/h1x</p>');
  });

  it('Image calls the host file chooser after removing /image, and does nothing without one', async () => {
    let chosen = 0;
    mount('<p></p>', { onImage: () => chosen++ });
    await type('/image');
    await press('Enter');
    expect(chosen).to.equal(1);
    expect(html()).to.equal('');
    expect(menu().open).to.equal(false);
    editor!.destroy();

    const logged = captureLog();
    try {
      mount('<p></p>');
      await type('/image');
      await press('Enter');
      expect(html()).to.equal('<p>/image</p>');
      expect(menu().open).to.equal(false);
      expect(logged.entries.map((e) => e.message)).to.deep.equal(['No command found for the slash menu item "Image" here']);
    } finally {
      logged.restore();
    }
  });

  it('Table inserts a 3 by 3 table without a header row, caret in the first cell', async () => {
    mount('<p></p>');
    await type('/table');
    await press('Enter');
    const { doc, selection } = editor!.view.state;
    const table = doc.firstChild!;
    expect(table.type.name).to.equal('table');
    expect(table.childCount).to.equal(3);
    table.forEach((row) => {
      expect(row.childCount).to.equal(3);
      row.forEach((cell) => expect(cell.type.name).to.equal('table_cell'));
    });
    expect(doc.textContent).to.equal('');
    expect(selection.$from.node(-1).type.name).to.equal('table_cell');
    expect(selection.$from.index(1)).to.equal(0);
    expect(selection.$from.index(2)).to.equal(0);
  });

  it('Table runs an injected insert command instead, when the host gives one', async () => {
    const insertTable: Command = (state, dispatch) => {
      if (dispatch) dispatch(state.tr.insertText('[table]'));
      return true;
    };
    mount('<p></p>', { insertTable });
    await type('/table');
    await press('Enter');
    expect(html()).to.equal('<p>[table]</p>');
  });

  it('an entry that throws is logged and leaves the document as it was', async () => {
    const logged = captureLog();
    try {
      const items = [{ title: 'Boom', description: 'Fails.', searchTerms: [], command: (() => { throw new Error('boom'); }) as Command }];
      mount('<p></p>', { items });
      await type('/boom');
      await press('Enter');
      expect(html()).to.equal('<p>/boom</p>');
      expect(logged.entries).to.have.length(1);
      expect((logged.entries[0].cause as Error).message).to.equal('boom');
    } finally {
      logged.restore();
    }
  });

  it('hosts add entries after the built-in ones, and they are filtered like them', async () => {
    const items = [{ title: 'Callout', description: 'A boxed note.', searchTerms: ['note'], command: ((state, dispatch) => { dispatch?.(state.tr.insertText('!')); return true; }) as Command }];
    mount('<p></p>', { items });
    await type('/');
    expect(titles().at(-1)).to.equal('Callout');
    await type('note');
    expect(titles()).to.deep.equal(['Callout']);
    await press('Enter');
    expect(html()).to.equal('<p>!</p>');
  });

  it('Escape closes with a meta-only transaction and typing does not reopen it', async () => {
    mount('<p></p>');
    await type('/he');
    const before = editor!.view.state.doc;
    await press('Escape');
    expect(menu().open).to.equal(false);
    expect(editor!.view.state.doc).to.equal(before);
    await type('a');
    expect(menu().open).to.equal(false);
    expect(html()).to.equal('<p>/hea</p>');
  });

  it('a space right after the slash closes it', async () => {
    mount('<p></p>');
    await type('/ ');
    expect(menu().open).to.equal(false);
  });

  it('a space later in the query keeps it open ("heading 2")', async () => {
    mount('<p></p>');
    await type('/heading 2');
    expect(titles()).to.deep.equal(['Heading 2']);
  });

  it('stays open through two characters that match nothing and closes on the third', async () => {
    mount('<p></p>');
    await type('/headq');
    expect(menu().open).to.equal(true);
    expect(titles()).to.deep.equal([]);
    await type('q');
    expect(menu().open).to.equal(true);
    await type('q');
    expect(menu().open).to.equal(false);
    expect(html()).to.equal('<p>/headqqq</p>');
  });

  it('with no match, Enter is an ordinary Enter and the menu closes', async () => {
    mount('<p></p>');
    await type('/zz');
    await press('Enter');
    expect(menu().open).to.equal(false);
    expect(editor!.view.state.doc.childCount).to.equal(2);
    expect(editor!.view.state.doc.firstChild!.textContent).to.equal('/zz');
  });

  it('closes when the slash is deleted', async () => {
    mount('<p></p>');
    await type('/h');
    await press('Backspace');
    expect(menu().open).to.equal(true);
    await press('Backspace');
    expect(menu().open).to.equal(false);
  });

  it('closes when the caret leaves the range', async () => {
    mount('<p>ab</p><p></p>');
    await type('/he');
    await press('ArrowLeft');
    expect(menu().open).to.equal(true);
    const { view } = editor!;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 2)));
    expect(menu().open).to.equal(false);
  });

  it('closes when the editor loses focus', async () => {
    mount('<p></p>');
    await type('/');
    editor!.view.dom.blur();
    expect(menu().open).to.equal(false);
  });

  it('follows its range through edits before it', async () => {
    mount('<p>a</p><p></p>');
    await type('/he');
    const { view } = editor!;
    view.dispatch(view.state.tr.insertText('xyz', 1));
    expect(menu().open).to.equal(true);
    expect(menu().range).to.deep.equal({ from: 7, to: 10 });
    expect(menu().query).to.equal('he');
  });

  it('runSlashItem picks an entry by index (what a click does)', async () => {
    mount('<p>x</p>', {}, 1);
    await type('/');
    const { view } = editor!;
    expect(runSlashItem(1)(view.state)).to.equal(true);
    runSlashItem(1)(view.state, view.dispatch, view);
    expect(html()).to.equal('<h1>x</h1>');
  });
});
