/**
 * Marks on nodes that are not text (a bold mention, a link over a line break) travel through the
 * shared document both ways and stay in what the server stores (y-prosemirror dropped them,
 * yjs/y-prosemirror#47). An undo of one's own mark or block move is told to a screen reader there
 * too; a colleague's is not. An address linked as it is typed is an undo step of its own.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import type { Node as PMNode } from 'prosemirror-model';
import { pressWith } from '../../helpers/editor.js';
import { hears, said } from '../../helpers/live-region.js';
import { until } from '../../helpers/until.js';
import { closeAll, converged, sharedEditor, serverPerTest, type SharedEditor, type CollabTestServer } from './helpers.js';

/** The marks of the first node of type `name` in an editor's document. */
function marksOf(editor: SharedEditor, name: string): string[] {
  let found: PMNode | null = null;
  editor.el.editorView!.state.doc.descendants((node) => {
    if (!found && node.type.name === name) found = node;
    return !found;
  });
  return found ? (found as PMNode).marks.map((mark) => mark.type.name) : ['(no node)'];
}

const mention = { type: 'mention', attrs: { entity_identifier: 'u1', entity_name: 'Ada', label: 'Ada', target: 'users' } };

describe('marks on mentions and line breaks in a shared document', () => {
  let server: CollabTestServer;
  const editors: SharedEditor[] = [];

  serverPerTest(editors, (started) => (server = started));

  async function open(user: string, document: string): Promise<SharedEditor> {
    const editor = await sharedEditor(server.url, user, document);
    editors.push(editor);
    return editor;
  }

  /** Seeds the document `name` with `json` and opens it for Ann, then Bob. */
  async function annAndBob(name: string, json: unknown): Promise<{ ann: SharedEditor; bob: SharedEditor }> {
    await executeServerCommand('collab-seed', { id: server.id, name, json });
    return { ann: await open('ann', name), bob: await open('bob', name) };
  }

  it('Ann bolds a range holding a mention and Bob sees the mention bold; Bob unbolds it and Ann sees it plain', async () => {
    const json = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Ask ' }, mention, { type: 'text', text: ' today' }] }] };
    const { ann, bob } = await annAndBob('page:mention', json);
    ann.el.focus();
    await pressWith('a', 'Control');
    await pressWith('b', 'Control');
    await until(() => marksOf(bob, 'mention').includes('bold'), "the mention bold in Bob's editor", { saw: () => marksOf(bob, 'mention') });
    expect(marksOf(ann, 'mention')).to.deep.equal(['bold']);
    expect(bob.el.getHTML()).to.equal(ann.el.getHTML());
    bob.el.focus();
    await pressWith('a', 'Control');
    await pressWith('b', 'Control');
    await until(() => marksOf(ann, 'mention').length === 0, "the mention plain again in Ann's editor", { saw: () => marksOf(ann, 'mention') });
    expect(ann.el.getHTML()).to.equal(bob.el.getHTML());
    await until(() => bob.states.at(-1)?.unsent === 0, 'everything stored', { saw: () => bob.states.at(-1) });
    const stored = (await executeServerCommand('collab-document', { id: server.id, name: 'page:mention' })) as { content: { content: { type: string; marks?: unknown[] }[] }[] };
    expect(stored.content[0]!.content.find((node) => node.type === 'mention')).not.to.have.property('marks');
  });

  it('Ann hears "Bold off" as her Ctrl+Z takes her bold back through the shared document; Bob hears nothing of either', async () => {
    const json = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Plain words' }] }] };
    const { ann, bob } = await annAndBob('page:undo-bold', json);
    ann.el.focus();
    await pressWith('a', 'Control');
    await pressWith('b', 'Control');
    await hears(ann.el, 'Bold on');
    await until(() => bob.el.getHTML() === '<p><strong>Plain words</strong></p>', "the bold in Bob's editor", { saw: () => bob.el.getHTML() });
    await pressWith('z', 'Control');
    await hears(ann.el, 'Bold off');
    expect(ann.el.getHTML()).to.equal('<p>Plain words</p>');
    await until(() => bob.el.getHTML() === '<p>Plain words</p>', "the bold gone from Bob's editor", { saw: () => bob.el.getHTML() });
    expect(said(bob.el), "Bob's live region").to.equal('');
  });

  it('Ann hears "Block moved down" as her Ctrl+Z takes back her block moved up in the shared document; Bob hears nothing', async () => {
    const json = { type: 'doc', content: ['one', 'two', 'three'].map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) };
    const { ann, bob } = await annAndBob('page:undo-move', json);
    ann.el.focusAt('end');
    await pressWith('ArrowUp', 'Alt', 'Shift');
    await hears(ann.el, 'Block moved up');
    await until(() => bob.el.getHTML() === '<p>one</p><p>three</p><p>two</p>', "the move in Bob's editor", { saw: () => bob.el.getHTML() });
    await pressWith('z', 'Control');
    await hears(ann.el, 'Block moved down');
    expect(ann.el.getHTML()).to.equal('<p>one</p><p>two</p><p>three</p>');
    await until(() => bob.el.getHTML() === '<p>one</p><p>two</p><p>three</p>', "the move taken back in Bob's editor", { saw: () => bob.el.getHTML() });
    expect(said(bob.el), "Bob's live region").to.equal('');
  });

  it('Ctrl+Z right after an address typed into a shared document takes back its link only, and says "Link off"', async () => {
    const ann = await open('ann', 'page:autolink');
    ann.el.focusAt('end');
    await sendKeys({ type: 'see https://example.com ' });
    await until(() => ann.el.getHTML() === '<p>see <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">https://example.com</a> </p>', 'the address linked', { saw: () => ann.el.getHTML() });
    await pressWith('z', 'Control');
    await hears(ann.el, 'Link off');
    expect(ann.el.getHTML()).to.equal('<p>see https://example.com </p>');
    await pressWith('z', 'Control');
    await until(() => ann.el.editorView!.state.doc.textContent === '', 'the typing taken back', { saw: () => ann.el.getHTML() });
  });

  it('a link over a line break survives a reload from the shared document', async () => {
    const ann = await open('ann', 'page:link');
    ann.el.focusAt('end');
    await sendKeys({ type: 'one' });
    await pressWith('Enter', 'Shift');
    await sendKeys({ type: 'two' });
    const view = ann.el.editorView!;
    const { schema } = view.state;
    view.dispatch(view.state.tr.addMark(1, view.state.doc.content.size - 1, schema.marks.link!.create({ href: 'https://example.com/a' })));
    expect(marksOf(ann, 'hard_break')).to.deep.equal(['link']);
    await until(() => ann.states.at(-1)?.unsent === 0, 'everything stored', { saw: () => ann.states.at(-1) });
    closeAll(editors.splice(0));
    const again = await open('ann-tab2', 'page:link');
    await converged([again], ['one\ntwo']);
    expect(marksOf(again, 'hard_break')).to.deep.equal(['link']);
    expect(again.el.getHTML()).to.equal(ann.el.getHTML());
    const stored = (await executeServerCommand('collab-document', { id: server.id, name: 'page:link' })) as { content: { content: { type: string; marks?: { type: string; attrs: { href: string } }[] }[] }[] };
    const marks = stored.content[0]!.content.find((node) => node.type === 'hard_break')?.marks;
    expect(marks?.map((mark) => `${mark.type} ${mark.attrs.href}`)).to.deep.equal(['link https://example.com/a']);
  });
});
