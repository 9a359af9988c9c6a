import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { TextSelection, type Plugin } from 'prosemirror-state';
import { mentionKey, menuTriggersPlugin, slashMenuKey } from '../../../src/core/plugins/menu-triggers.js';
import { mentionPlugin } from '../../../src/core/plugins/mention.js';
import { slashMenuPlugin } from '../../../src/core/plugins/slash-menu.js';
import { serializeHTML } from '../../../src/core/serialize/html.js';
import { mountEditor, type TestEditor } from '../../helpers/editor.js';

// The suggestion menus' plugins arrive after the editor started (the embed bundle's pieces chunk):
// a "/" or "@" typed meanwhile opens its menu when they join the state.
describe('menu triggers typed before the menus arrive', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  const arrive = (...plugins: Plugin[]) => {
    const { view } = editor!;
    view.updateState(view.state.reconfigure({ plugins: [...view.state.plugins, ...plugins] }));
  };
  const type = (text: string) => sendKeys({ type: text });

  it('opens the slash menu at the "/" typed meanwhile, with the query typed after it', async () => {
    editor = mountEditor('<p>Hi</p>', { plugins: [menuTriggersPlugin(['/', '@'])] });
    await type(' /hea');
    expect(serializeHTML(editor.view.state.doc)).to.equal('<p>Hi /hea</p>');
    arrive(slashMenuPlugin());
    const menu = slashMenuKey.getState(editor.view.state)!;
    expect(menu.open).to.equal(true);
    expect(menu.query).to.equal('hea');
    expect(menu.range).to.deep.equal({ from: 4, to: 8 });
    expect(menu.items.map((item) => item.title)).to.include('Heading 1');
  });

  it('opens the mention picker at the "@" typed meanwhile, and asks the host for suggestions at once', async () => {
    editor = mountEditor('<p></p>', { plugins: [menuTriggersPlugin(['/', '@'])] });
    await type('@a');
    const asked: string[] = [];
    arrive(mentionPlugin({ suggestions: (query) => (asked.push(query), Promise.resolve([])) }));
    expect(mentionKey.getState(editor.view.state)).to.include({ open: true, query: 'a' });
    expect(asked).to.deep.equal(['a']);
  });

  it('forgets a trigger the caret left, one deleted, one typed inside a word, and one it was not given', async () => {
    editor = mountEditor('<p>and</p>', { plugins: [menuTriggersPlugin(['/'])] });
    await type('/');
    await type(' @');
    arrive(slashMenuPlugin(), mentionPlugin({ suggestions: () => Promise.resolve([]) }));
    expect(slashMenuKey.getState(editor.view.state)!.open).to.equal(false);
    expect(mentionKey.getState(editor.view.state)!.open).to.equal(false);
    editor.destroy();

    editor = mountEditor('<p></p>', { plugins: [menuTriggersPlugin(['/'])] });
    await type('/x');
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ press: 'Backspace' });
    await type('y');
    arrive(slashMenuPlugin());
    expect(slashMenuKey.getState(editor.view.state)!.open).to.equal(false);
    editor.destroy();

    editor = mountEditor('<p>x</p><p></p>', { plugins: [menuTriggersPlugin(['/'])] });
    await type('/');
    const { view } = editor;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1)));
    arrive(slashMenuPlugin());
    expect(slashMenuKey.getState(editor.view.state)!.open).to.equal(false);
  });

  it('leaves "/" to the slash menu once its plugin is there', async () => {
    editor = mountEditor('<p></p>', { plugins: [menuTriggersPlugin(['/']), slashMenuPlugin()] });
    await type('/');
    expect(slashMenuKey.getState(editor.view.state)!.open).to.equal(true);
    expect(serializeHTML(editor.view.state.doc)).to.equal('<p>/</p>');
  });
});
