import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import { joinBackward } from 'prosemirror-commands';
import { TextSelection } from 'prosemirror-state';
import { addColumnAfter, addRowAfter } from 'prosemirror-tables';
import * as Y from 'yjs';
import { undoKey } from '../../../src/collab/binding/undo.js';
import { decodeMessage, Message } from '../../../src/collab/protocol.js';
import { clipboardEvent } from '../../helpers/clipboard.js';
import { installFakeClock } from '../../helpers/fake-clock.js';
import { pressWith } from '../../helpers/editor.js';
import { inputMethod } from '../../helpers/input-method.js';
import { block, dragReady } from '../drag-handle/helpers.js';
import { until } from '../../helpers/until.js';
import { ENGLISH } from '../../../src/core/strings.js';
import { converged, sharedEditor, startServer, undoUntil, serverPerTest, type SharedEditor, type CollabTestServer } from './helpers.js';

describe('editing together', () => {
  let server: CollabTestServer;
  const editors: SharedEditor[] = [];

  serverPerTest(editors, (started) => (server = started));

  async function open(user: string, document = 'page:1'): Promise<SharedEditor> {
    const editor = await sharedEditor(server.url, user, document);
    editors.push(editor);
    return editor;
  }

  it('two editors typing into the same paragraph end with the same document', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    ann.el.focus();
    await sendKeys({ type: 'Hello' });
    await converged([ann, bob], ['Hello']);
    bob.el.editorView!.focus();
    const view = bob.el.editorView!;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, view.state.doc.content.size - 1)));
    await sendKeys({ type: ' world' });
    await converged([ann, bob], ['Hello world']);
    expect(ann.el.getHTML()).to.equal(bob.el.getHTML());
  });

  it('a colleague\'s Enter before an idle caret leaves the caret between the same two letters', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    ann.el.focus();
    await sendKeys({ type: 'abcdefghij' });
    await converged([ann, bob], ['abcdefghij']);
    // Bob's caret after "abcdef" (position 7), Ann's after "abc" (4): Ann presses Enter, Bob waits, then types.
    const place = (editor: SharedEditor, pos: number) => {
      const view = editor.el.editorView!;
      view.focus();
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, pos)));
    };
    place(bob, 7);
    place(ann, 4);
    await sendKeys({ press: 'Enter' });
    const blocks = (editor: SharedEditor) => editor.el.getHTML();
    await until(() => blocks(bob) === '<p>abc</p><p>defghij</p>' || null, "Ann's Enter at Bob's", { saw: () => blocks(bob) });
    bob.el.editorView!.focus();
    await sendKeys({ type: 'X' });
    await until(() => [ann, bob].every((editor) => blocks(editor) === '<p>abc</p><p>defXghij</p>') || null, "Bob's letter where his caret was, on both screens", {
      saw: () => [ann, bob].map(blocks),
    });
  });

  it('two people typing at the same place keep their words whole, not interleaved letter by letter', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    ann.el.focus();
    await sendKeys({ type: 'x' });
    await converged([ann, bob], ['x']);
    bob.el.editorView!.focus();
    const view = bob.el.editorView!;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, view.state.doc.content.size - 1)));
    // Each letter arrives at the other editor before its next one: both carets stand at the same place throughout.
    const words: [SharedEditor, string][] = [
      [ann, 'apple'],
      [bob, 'PEAR'],
    ];
    for (let i = 0; i < 5; i++) {
      for (const [editor, word] of words) {
        if (i >= word.length) continue;
        editor.el.editorView!.focus();
        await sendKeys({ type: word[i]! });
        await converged([ann, bob], [word.slice(0, i + 1)]);
      }
    }
    const text = ann.el.editorView!.state.doc.textContent;
    expect([`xapplePEAR`, `xPEARapple`]).to.include(text);
  });

  it('refuses a paste too large to share at once, saying so, and stays editable and in step', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    ann.el.focus();
    await sendKeys({ type: 'Kept' });
    await converged([ann, bob], ['Kept']);
    // Formatted text as a web page puts it on the clipboard: about 2 MB once shared.
    const rows = Array.from({ length: 5000 }, (_, i) => `<p><strong>Item ${i}:</strong> <a href="https://example.com/docs/${i}">see the page</a> for more, <em>with emphasis</em></p>`);
    const data = new DataTransfer();
    data.setData('text/html', `<meta charset="utf-8">${rows.join('')}`);
    data.setData('text/plain', rows.join('\n'));
    ann.content.dispatchEvent(clipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    const alert = await until(() => ann.el.shadowRoot!.querySelector('[role="alert"][data-status="too-large"]'), 'the refusal said');
    expect(alert.textContent).to.equal('That change is too large to share at once, so it was not made. Paste it in smaller parts.');
    expect(ann.el.editorView!.state.doc.textContent).to.equal('Kept');
    expect(ann.el.collaboration!.provider.current).to.include({ status: 'synced', readOnly: false });
    await sendKeys({ type: ' going' });
    await converged([ann, bob], ['Kept going']);
    expect(ann.el.shadowRoot!.querySelector('[data-status="too-large"]'), 'gone with the next change').to.equal(null);
  });

  it('three editors typing at once converge', async () => {
    const all = [await open('ann'), await open('bob'), await open('cy')];
    for (const [index, { el }] of all.entries()) {
      const view = el.editorView!;
      view.dispatch(view.state.tr.insertText(`<${index}${'x'.repeat(5)}>`, 1));
    }
    await converged(all, ['<0xxxxx>', '<1xxxxx>', '<2xxxxx>']);
  });

  it("a colleague's change to the paragraph being composed in waits for the composition, then merges: nothing written twice", async () => {
    // Ann's connection counts the others' changes it receives, as they arrive.
    let received = 0;
    class CountingSocket extends WebSocket {
      constructor(url: string) {
        super(url);
        this.addEventListener('message', (event: MessageEvent) => {
          if (event.data instanceof ArrayBuffer && decodeMessage(new Uint8Array(event.data)).type === Message.remoteUpdate) received++;
        });
      }
    }
    const ann = await sharedEditor(server.url, 'ann', 'page:1', {}, { WebSocket: CountingSocket });
    editors.push(ann);
    const bob = await open('bob');
    ann.el.focus();
    await sendKeys({ type: 'first line' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'second line' });
    await converged([ann, bob], ['first linesecond line']);
    for (let i = 0; i < ' line'.length; i++) await sendKeys({ press: 'ArrowLeft' });
    // Ann composes after "second" (に, にほ: underlined, not yet chosen)…
    await inputMethod({ compose: 'に' }, { compose: 'にほ' });
    const before = received;
    // …while Bob's change to the same paragraph reaches her.
    const view = bob.el.editorView!;
    view.dispatch(view.state.tr.insertText('BOB ', 'first line'.length + 3)); // the second paragraph's start
    await until(() => received > before, "Bob's change at Ann's connection");
    expect(ann.el.editorView!.state.doc.textContent, 'held while she composes').to.equal('first linesecondにほ line');
    await inputMethod({ compose: 'にほん' }, { compose: '日本' }, { commit: '日本' });
    await converged([ann, bob], ['BOB second日本 line']);
    expect(ann.el.getHTML()).to.equal('<p>first line</p><p>BOB second日本 line</p>');
    expect(bob.el.getHTML()).to.equal(ann.el.getHTML());
    expect(ann.content.textContent, 'what Ann sees').to.equal('first lineBOB second日本 line');
  });

  it("a composition goes on through a dropped connection: what others made meanwhile waits for it too", async () => {
    // Ann's connections fail while `away` (a port nothing listens on), so she is back only after Bob's change is stored.
    let away = false;
    class AwaySocket extends WebSocket {
      constructor(url: string) {
        super(away ? url.replace(/127\.0\.0\.1:\d+/, '127.0.0.1:9') : url);
      }
    }
    const ann = await sharedEditor(server.url, 'ann', 'page:1', {}, { WebSocket: AwaySocket });
    editors.push(ann);
    const bob = await open('bob');
    ann.el.focus();
    await sendKeys({ type: 'second line' });
    await converged([ann, bob], ['second line']);
    for (let i = 0; i < ' line'.length; i++) await sendKeys({ press: 'ArrowLeft' });
    await inputMethod({ compose: 'に' }, { compose: 'にほ' });
    away = true;
    await executeServerCommand('collab-drop', { id: server.id, user: 'ann' });
    await until(() => ann.states.some((s) => s.status === 'offline'), 'Ann offline');
    const view = bob.el.editorView!;
    view.dispatch(view.state.tr.insertText('BOB ', 1));
    await until(() => bob.el.collaboration!.provider.current.unsent === 0, "Bob's change stored");
    // Ann's editor reconnects by itself; the server's answer brings Bob's change, which waits.
    const back = ann.states.length;
    away = false;
    await until(() => ann.states.slice(back).some((s) => s.status === 'synced'), 'Ann back', { saw: () => ann.states.at(-1) });
    expect(ann.el.editorView!.state.doc.textContent, 'held while she composes').to.equal('secondにほ line');
    await inputMethod({ compose: 'にほん' }, { compose: '日本' }, { commit: '日本' });
    await converged([ann, bob], ['BOB second日本 line']);
    expect(ann.el.getHTML()).to.equal('<p>BOB second日本 line</p>');
    expect(bob.el.getHTML()).to.equal(ann.el.getHTML());
  });

  it("a composition opened without text (a phone's keyboard on the word at the caret) holds nothing back", async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    ann.el.focus();
    await sendKeys({ type: 'text' });
    await converged([ann, bob], ['text']);
    ann.content.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }));
    expect(ann.el.editorView!.composing).to.equal(true);
    const view = bob.el.editorView!;
    view.dispatch(view.state.tr.insertText('BOB ', 1));
    await converged([ann, bob], ['BOB text']);
    ann.content.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: '' }));
  });

  it("a colleague's change held during a composition comes in when the composition is given up", async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    ann.el.focus();
    await sendKeys({ type: 'text' });
    await converged([ann, bob], ['text']);
    await inputMethod({ compose: 'に' });
    const view = bob.el.editorView!;
    view.dispatch(view.state.tr.insertText('BOB ', 1));
    await until(() => bob.el.collaboration!.provider.current.unsent === 0, "Bob's change stored");
    // Escape, or deleting what was composed: the composition ends with nothing written.
    await inputMethod({ compose: '' });
    await converged([ann, bob], ['BOB text']);
    expect(ann.el.getHTML()).to.equal('<p>BOB text</p>');
  });

  /** Every text `editor`'s shared document held after each change that came to it from the server. */
  function remoteTexts(editor: SharedEditor): string[] {
    const provider = editor.el.collaboration!.provider;
    const texts: string[] = [];
    provider.doc.on('afterTransaction', (transaction: Y.Transaction) => {
      if (transaction.origin === provider) texts.push(provider.fragment.toString().replace(/<[^>]*>/g, ''));
    });
    return texts;
  }

  it('colleagues see the text chosen through an input method, never its candidates', async () => {
    // Time stands still: however slow the machine, nothing waits out its bound (composing.ts) meanwhile.
    const clock = installFakeClock();
    try {
      const ann = await open('ann');
      const bob = await open('bob');
      ann.el.focus();
      await sendKeys({ type: 'Hello' });
      await converged([ann, bob], ['Hello']);
      const bobSaw = remoteTexts(bob);
      await inputMethod({ compose: 'に' }, { compose: 'にほ' }, { compose: 'にほん' }, { compose: '日本' }, { commit: '日本' });
      await converged([ann, bob], ['Hello日本']);
      expect(bobSaw).to.deep.equal(['Hello日本']);
      // Typing on goes as before.
      await sendKeys({ type: '!' });
      await converged([ann, bob], ['Hello日本!']);
    } finally {
      clock.uninstall();
    }
  });

  it('text chosen through an input method while a colleague makes the paragraph a heading goes into the heading', async () => {
    const clock = installFakeClock();
    try {
      const ann = await open('ann');
      const bob = await open('bob');
      ann.el.focus();
      await sendKeys({ type: 'second line' });
      await converged([ann, bob], ['second line']);
      for (let i = 0; i < ' line'.length; i++) await sendKeys({ press: 'ArrowLeft' });
      await inputMethod({ compose: 'に' }, { compose: 'にほ' }, { compose: 'にほん' });
      // Bob makes the paragraph a heading while Ann still chooses, the candidate unseen.
      const view = bob.el.editorView!;
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1)));
      expect(bob.el.run('heading.set', 2)).to.equal(true);
      await until(() => bob.el.collaboration!.provider.current.unsent === 0, "Bob's heading stored");
      expect(bob.el.getHTML(), 'no candidate at Bob\'s').to.equal('<h2>second line</h2>');
      await inputMethod({ compose: '日本' }, { commit: '日本' });
      const html = () => [ann, bob].map((editor) => editor.el.getHTML());
      await until(() => html().every((shown) => shown === '<h2>second日本 line</h2>'), 'the chosen text in the heading, in both', { saw: html });
      await sendKeys({ type: '!' });
      await until(() => html().every((shown) => shown === '<h2>second日本! line</h2>'), 'her next letter after it', { saw: html });
    } finally {
      clock.uninstall();
    }
  });

  it('a composition is one undo step, however long the choosing takes', async () => {
    const ann = await open('ann');
    ann.el.focus();
    await sendKeys({ type: 'Text ' });
    await until(() => ann.el.getHTML() === '<p>Text </p>', 'typed');
    const manager = undoKey.getState(ann.el.editorView!.state)!.manager;
    // Each step of choosing comes after a pause longer than the undo grouping's (as when reading the candidates).
    const pause = () => (manager.lastChange = 1);
    pause();
    for (const text of ['に', 'にほ', 'にほん', '日本']) {
      await inputMethod({ compose: text });
      pause();
    }
    await inputMethod({ commit: '日本' });
    await until(() => ann.el.getHTML() === '<p>Text 日本</p>', 'the chosen text in', { saw: () => ann.el.getHTML() });
    await pressWith('z', 'Control');
    await until(() => ann.el.getHTML() === '<p>Text </p>', 'the whole composition undone at once', { saw: () => ann.el.getHTML() });
    await pressWith('z', 'Control', 'Shift');
    await until(() => ann.el.getHTML() === '<p>Text 日本</p>', 'and redone at once', { saw: () => ann.el.getHTML() });
  });

  it('Ctrl+Shift+Z with nothing left to redo leaves what was redone', async () => {
    const ann = await open('ann');
    ann.el.focus();
    await sendKeys({ type: 'First' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'line' });
    await until(() => ann.el.getHTML() === '<p>First</p><p>line</p>', 'typed');
    const manager = undoKey.getState(ann.el.editorView!.state)!.manager;
    while (manager.undoStack.length) await pressWith('z', 'Control');
    expect(ann.el.editorView!.state.doc.textContent).to.equal('');
    while (manager.redoStack.length) await pressWith('z', 'Control', 'Shift');
    expect(ann.el.getHTML()).to.equal('<p>First</p><p>line</p>');
    await pressWith('z', 'Control', 'Shift');
    expect(ann.el.getHTML(), 'not undone').to.equal('<p>First</p><p>line</p>');
  });

  /** Ann, who can drag blocks, and Bob, both on paragraphs of `texts`. */
  async function withDragging(texts: string[]): Promise<[SharedEditor, SharedEditor]> {
    const ann = await open('ann');
    const bob = await open('bob');
    // Room for the drag handle beside the blocks.
    ann.el.dragDrop = true;
    ann.el.style.marginLeft = '60px';
    ann.el.setValue(texts.map((text) => `<p>${text}</p>`).join(''));
    await converged([ann, bob], [texts.join('')]);
    return [ann, bob];
  }

  it('a block dragged past others is a move: a colleague typing in a block it passed keeps the words there', async () => {
    const [ann, bob] = await withDragging(['One', 'Two', 'Three', 'Four']);
    const drop = await dragReady(ann.el, block(ann.el, 0));
    // Ann drops "One" after "Four" while Bob, not yet knowing, types at the end of "Three".
    drop(block(ann.el, 3));
    const view = bob.el.editorView!;
    view.dispatch(view.state.tr.insertText('!', 'OneTwoThree'.length + 5)); // three paragraphs' openings and two closings before it
    await converged([ann, bob], ['TwoThree!FourOne']);
    expect(ann.el.getHTML()).to.equal('<p>Two</p><p>Three!</p><p>Four</p><p>One</p>');
    expect(bob.el.getHTML()).to.equal(ann.el.getHTML());
  });

  it('a block a colleague has just typed into is dragged as a block: their next letters stay in it', async () => {
    const [ann, bob] = await withDragging(['One', 'Two', 'Three']);
    const view = bob.el.editorView!;
    view.focus();
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1 + 'One'.length)));
    await sendKeys({ type: '!' });
    await converged([ann, bob], ['One!TwoThree']);
    const drop = await dragReady(ann.el, block(ann.el, 0));
    // Ann drops "One!" after "Three" while Bob, not yet knowing, types on at its end.
    drop(block(ann.el, 2));
    view.dispatch(view.state.tr.insertText('?'));
    await converged([ann, bob], ['TwoThreeOne!?']);
    expect(ann.el.getHTML()).to.equal('<p>Two</p><p>Three</p><p>One!?</p>');
    expect(bob.el.getHTML()).to.equal(ann.el.getHTML());
  });

  it('a block dragged by one while a colleague makes it a heading at that moment ends as one heading, where it was dropped', async () => {
    const [ann, bob] = await withDragging(['One', 'Two', 'Three', 'Four']);
    const drop = await dragReady(ann.el, block(ann.el, 0));
    // In one task, so neither has heard of the other's change: each writes "One" anew (Yjs has no move or retype).
    drop(block(ann.el, 3));
    const view = bob.el.editorView!;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1)));
    expect(bob.el.run('heading.set', 2)).to.equal(true);
    await until(() => [ann, bob].every((editor) => editor.el.getHTML() === '<p>Two</p><p>Three</p><p>Four</p><h2>One</h2>'), 'one heading where it was dropped, in both', {
      saw: () => [ann, bob].map((editor) => editor.el.getHTML()),
    });
  });

  it('a block dragged and typed into by one while a colleague makes it a heading and types in it at that moment keeps both letters, as one heading where it was dropped', async () => {
    const [ann, bob] = await withDragging(['One', 'Two', 'Three', 'Four']);
    const drop = await dragReady(ann.el, block(ann.el, 0));
    // In one task, so neither has heard of the other's change: Ann drops "One" at the end and types
    // after it; Bob makes it a heading and types before it. Whichever copy is folded into the other,
    // the letter typed into it goes over.
    drop(block(ann.el, 3));
    const annView = ann.el.editorView!;
    annView.dispatch(annView.state.tr.insertText('!', annView.state.doc.content.size - 1));
    const view = bob.el.editorView!;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1)));
    expect(bob.el.run('heading.set', 2)).to.equal(true);
    view.dispatch(view.state.tr.insertText('X', 1));
    await until(() => [ann, bob].every((editor) => editor.el.getHTML() === '<p>Two</p><p>Three</p><p>Four</p><h2>XOne!</h2>'), 'one heading with both letters, in both', {
      saw: () => [ann, bob].map((editor) => editor.el.getHTML()),
    });
  });

  /** "One" and "Hello world" in both editors, Ann's caret (focused) after "Hello". */
  async function helloWorld(ann: SharedEditor, bob: SharedEditor): Promise<void> {
    ann.el.setValue('<p>One</p><p>Hello world</p>');
    await converged([ann, bob], ['OneHello world']);
    const view = ann.el.editorView!;
    view.focus();
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 'One'.length + 3 + 'Hello'.length)));
  }

  /** Bob makes the second paragraph a heading. */
  function secondToHeading(bob: SharedEditor): void {
    const view = bob.el.editorView!;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 'One'.length + 3)));
    expect(bob.el.run('heading.set', 2)).to.equal(true);
  }

  it('a letter typed into a paragraph a colleague turns into a heading at that moment is kept, and typing goes on after it', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    await helloWorld(ann, bob);
    // In one task, so neither has heard of the other's change: Ann types a letter, Bob makes the paragraph a heading.
    const annView = ann.el.editorView!;
    annView.dispatch(annView.state.tr.insertText('X'));
    secondToHeading(bob);
    await until(() => [ann, bob].every((editor) => editor.el.getHTML() === '<p>One</p><h2>HelloX world</h2>'), 'the heading with the letter in both', {
      saw: () => [ann, bob].map((editor) => editor.el.getHTML()),
    });
    await sendKeys({ type: 'Y' });
    await until(() => [ann, bob].every((editor) => editor.el.getHTML() === '<p>One</p><h2>HelloXY world</h2>'), 'the next letter after it', {
      saw: () => [ann, bob].map((editor) => editor.el.getHTML()),
    });
  });

  it('a paragraph two people join to the one before at that moment (Backspace at its start) shows once, and typing goes on at the join', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    await helloWorld(ann, bob);
    // In one task, so neither has heard of the other's: each presses Backspace at the start of "Hello world".
    for (const editor of [ann, bob]) {
      const view = editor.el.editorView!;
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 'One'.length + 3)));
      expect(joinBackward(view.state, view.dispatch), 'Backspace joins').to.equal(true);
    }
    // Before: "OneHello worldHello world".
    await until(() => [ann, bob].every((editor) => editor.el.getHTML() === '<p>OneHello world</p>'), 'the joined text once, in both', {
      saw: () => [ann, bob].map((editor) => editor.el.getHTML()),
    });
    await sendKeys({ type: ' ' });
    await until(() => [ann, bob].every((editor) => editor.el.getHTML() === '<p>One Hello world</p>'), 'the next letter at the join', {
      saw: () => [ann, bob].map((editor) => editor.el.getHTML()),
    });
  });

  it('a letter typed into a paragraph a colleague splits at that moment goes with the text it was typed into, and typing goes on after it', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    await helloWorld(ann, bob);
    // Ann's caret goes into "world"; in one task, Ann types a letter and Bob presses Enter after "Hello ".
    const annView = ann.el.editorView!;
    annView.dispatch(annView.state.tr.setSelection(TextSelection.create(annView.state.doc, 'One'.length + 3 + 'Hello wor'.length)));
    annView.dispatch(annView.state.tr.insertText('X'));
    const view = bob.el.editorView!;
    view.dispatch(view.state.tr.split('One'.length + 3 + 'Hello '.length));
    await until(() => [ann, bob].every((editor) => editor.el.getHTML() === '<p>One</p><p>Hello </p><p>worXld</p>'), 'the letter in the new paragraph in both', {
      saw: () => [ann, bob].map((editor) => editor.el.getHTML()),
    });
    await sendKeys({ type: 'Y' });
    await until(() => [ann, bob].every((editor) => editor.el.getHTML() === '<p>One</p><p>Hello </p><p>worXYld</p>'), 'the next letter after it', {
      saw: () => [ann, bob].map((editor) => editor.el.getHTML()),
    });
  });

  it("letters reaching the server after a colleague's heading replaced their paragraph are kept, and the one who typed them stays connected", async () => {
    // What Ann's socket sends waits while `slow`: her letters reach the server after Bob's heading, which deleted their paragraph there.
    let slow = false;
    const sockets: WebSocket[] = [];
    const waiting: [WebSocket, Parameters<WebSocket['send']>[0]][] = [];
    class SlowSocket extends WebSocket {
      constructor(url: string) {
        super(url);
        sockets.push(this);
      }
      override send(data: Parameters<WebSocket['send']>[0]): void {
        if (slow) waiting.push([this, data]);
        else super.send(data);
      }
    }
    const ann = await sharedEditor(server.url, 'ann', 'page:1', {}, { WebSocket: SlowSocket });
    editors.push(ann);
    const bob = await open('bob');
    await helloWorld(ann, bob);
    slow = true;
    await sendKeys({ type: ', dear' });
    secondToHeading(bob);
    // Ann hears of the heading and types her words again into it; all of it still waits to go.
    const html = () => [ann, bob].map((editor) => editor.el.getHTML());
    await until(() => ann.el.getHTML() === '<p>One</p><h2>Hello, dear world</h2>', 'her words in the heading, in her editor', { saw: html });
    const states = ann.states.length;
    slow = false;
    for (const [socket, data] of waiting.splice(0)) socket.send(data);
    await until(() => html().every((shown) => shown === '<p>One</p><h2>Hello, dear world</h2>'), 'her words in the heading, in both', { saw: html });
    await sendKeys({ type: '!' });
    await until(() => html().every((shown) => shown === '<p>One</p><h2>Hello, dear! world</h2>'), 'her next letter after them', { saw: html });
    expect(new Set(ann.states.slice(states).map((s) => s.status)), 'never disconnected').to.deep.equal(new Set(['synced']));
    expect(sockets.length, 'one connection all along').to.equal(1);
  });

  it('a table given a column and a row at once shows the short row alike everywhere, and typing in it repairs it once', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    ann.el.setValue('<table><tr><td><p>a</p></td><td><p>b</p></td></tr><tr><td><p>c</p></td><td><p>d</p></td></tr></table><p>after</p>');
    await converged([ann, bob], ['abcdafter']);
    // Each adds one before hearing of the other's: Ann a column after the first, Bob a row after the first.
    for (const [editor, command] of [[ann, addColumnAfter], [bob, addRowAfter]] as const) {
      const view = editor.el.editorView!;
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 3)));
      command(view.state, view.dispatch);
    }
    const cells = (editor: SharedEditor) => [...editor.content.querySelectorAll('tr')].map((row) => row.querySelectorAll('td, th').length);
    // Bob's new row (the second) came without Ann's column: a cell short, alike in both.
    await until(() => [ann, bob].every((editor) => JSON.stringify(cells(editor)) === '[3,2,3]'), 'the merged table in both', { saw: () => [ann, bob].map(cells) });
    // Ann types into the short row's last cell: the row gets its missing cell, once, in both.
    const last = ann.content.querySelectorAll('tr')[1]!.querySelectorAll('td')[1]!;
    const box = last.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
    await sendKeys({ type: 'e' });
    await until(() => [ann, bob].every((editor) => JSON.stringify(cells(editor)) === '[3,3,3]' && editor.el.getHTML().includes('<td><p>e</p></td>')), 'the table repaired in both', {
      saw: () => [ann, bob].map((editor) => [cells(editor), editor.el.getHTML()]),
    });
    expect(bob.el.getHTML()).to.equal(ann.el.getHTML());
  });

  it("undo takes back only this editor's typing, and puts the caret back", async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    ann.el.focus();
    await sendKeys({ type: 'Ann was here.' });
    await converged([ann, bob], ['Ann was here.']);
    const view = bob.el.editorView!;
    view.focus();
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1)));
    await sendKeys({ type: 'Bob: ' });
    await converged([ann, bob], ['Bob: Ann was here.']);
    await undoUntil(bob, 'Ann was here.', { kept: 'Ann was here.', most: 'Bob: '.length });
    await converged([ann, bob], ['Ann was here.']);
    expect(bob.el.editorView!.state.selection.from, 'the caret back where Bob typed').to.equal(1);
  });

  it('undo keeps its steps when a part of the editor arrives after the shared document (the state reconfigured)', async () => {
    const ann = await open('ann');
    ann.el.focus();
    await sendKeys({ type: 'Kept' });
    await until(() => ann.el.getHTML() === '<p>Kept</p>', 'typed', { saw: () => ann.el.getHTML() });
    // What a part arriving does (editor-document.ts partsArrived): the same plugins in a new list,
    // which has ProseMirror destroy every plugin view and make them again.
    const view = ann.el.editorView!;
    view.updateState(view.state.reconfigure({ plugins: [...view.state.plugins] }));
    await Promise.resolve();
    await ann.el.updateComplete;
    await sendKeys({ type: ' more' });
    await undoUntil(ann, '', { kept: '', most: 'Kept more'.length });
  });

  it('a new collaboration object with the same provider and person keeps the view, its caret and undo; a new name goes into her presence', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    ann.el.focus();
    await sendKeys({ type: 'Steady' });
    await converged([ann, bob], ['Steady']);
    const view = ann.el.editorView!;
    const { provider, user } = ann.el.collaboration!;
    // What a React render writing `collaboration={{ provider, user }}` inline sets each time.
    ann.el.collaboration = { provider, user: { ...user } };
    await ann.el.updateComplete;
    expect(ann.el.editorView, 'the same view').to.equal(view);
    await sendKeys({ type: '!' });
    await converged([ann, bob], ['Steady!']);
    ann.el.collaboration = { provider, user: { ...user, name: 'Ann B.' } };
    await ann.el.updateComplete;
    expect(ann.el.editorView, 'still the same view').to.equal(view);
    // Her presence says the new name (the server passes on the one it knows to the others).
    expect((provider.awareness.getLocalState() as { user: { name: string } }).user.name).to.equal('Ann B.');
    await undoUntil(ann, '', { kept: '', most: 'Steady!'.length });
  });

  it("a viewer sees edits and others' presence but cannot edit; a forged change is refused", async () => {
    const ann = await open('ann');
    const viewer = await open('viewer-vic');
    expect(viewer.el.editorView!.editable).to.equal(false);
    expect(viewer.states.at(-1)?.readOnly).to.equal(true);
    ann.el.focus();
    await sendKeys({ type: 'Shared' });
    await converged([ann, viewer], ['Shared']);
    // A modified client writes into the shared document anyway.
    const provider = viewer.el.collaboration!.provider;
    provider.doc.transact(() => provider.fragment.delete(0, provider.fragment.length));
    await until(() => viewer.states.at(-1)?.status === 'unauthorized', 'the forged change refused', { saw: () => viewer.states.at(-1) });
    expect(ann.el.editorView!.state.doc.textContent).to.equal('Shared');
    expect(viewer.el.shadowRoot!.querySelector('[role="status"]')?.textContent).to.equal(ENGLISH['collab.unauthorized']);
  });

  it('a viewer who clicks into the document stays present without a caret: the others would take it for editing', async () => {
    const ann = await open('ann');
    const viewer = await open('viewer-vic');
    // As the tracker shows it to a viewer: a read-only editor, which a click focuses.
    viewer.el.readonly = true;
    await viewer.el.updateComplete;
    ann.el.focus();
    await sendKeys({ type: 'Read me' });
    await converged([ann, viewer], ['Read me']);
    const view = viewer.el.editorView!;
    const box = viewer.content.querySelector('p')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + 20), Math.round(box.top + box.height / 2)] });
    await until(() => view.hasFocus() && view.state.selection.head > 1, 'the click placed the viewer\'s selection', { saw: () => [view.hasFocus(), view.state.selection.head] });
    const own = viewer.el.collaboration!.provider.awareness.getLocalState() as { user?: { name: string }; cursor?: unknown };
    expect(own.user?.name, 'present').to.equal('Viewer-vic');
    expect(own.cursor ?? null, 'no caret in her presence').to.equal(null);
    expect(ann.el.shadowRoot!.querySelector('.collab-caret-label')).to.equal(null);
  });

  it('a dropped connection keeps editing, counts what waits, and merges on reconnect with nothing lost', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    ann.el.focus();
    await sendKeys({ type: 'base' });
    await converged([ann, bob], ['base']);
    await executeServerCommand('collab-drop', { id: server.id, user: 'ann' });
    await until(() => ann.states.some((s) => s.status === 'offline'), 'Ann offline');
    await sendKeys({ type: ' offline' });
    expect(ann.el.editorView!.editable, `still editable offline (last state ${JSON.stringify(ann.states.at(-1))})`).to.equal(true);
    const waiting = Math.max(...ann.states.filter((s) => s.status === 'offline').map((s) => s.unsent));
    expect(waiting, 'changes waiting while offline').to.be.greaterThan(0);
    await converged([ann, bob], ['base offline']);
    await until(() => ann.states.at(-1)?.status === 'synced' && ann.states.at(-1)?.unsent === 0, 'Ann back, everything stored', { saw: () => ann.states.at(-1) });
  });

  it('says the shared document cannot be reached when the first connection fails, instead of an empty editor without a word', async () => {
    const { fixture, html } = await import('@open-wc/testing');
    const { connect } = await import('../../../src/collab/index.js');
    const el = await fixture<import('../../../src/element/index.js').RichEditor>(html`<rich-editor></rich-editor>`);
    // A port nothing listens on: the server stopped.
    const stopped = await startServer();
    await stopped.stop();
    el.collaboration = { provider: connect({ url: stopped.url, document: 'page:1', token: 'ann' }), user: { id: 'ann', name: 'Ann' } };
    try {
      const notice = await until(() => el.shadowRoot!.querySelector('[part="collab-notice"][data-status="offline"]'), 'the offline notice', { saw: () => el.collaboration?.provider.current });
      expect(notice.textContent).to.equal(ENGLISH['collab.offline']);
      expect(notice.getAttribute('role')).to.equal('status');
      expect(el.editorView!.editable).to.equal(false);
    } finally {
      el.collaboration.provider.destroy();
    }
  });

  it('goes offline as soon as the browser says the network is gone, and comes back by itself', async () => {
    const ann = await open('ann');
    ann.el.focus();
    await sendKeys({ type: 'base' });
    await until(() => ann.states.at(-1)?.unsent === 0, 'base stored');
    window.dispatchEvent(new Event('offline'));
    expect(ann.el.collaboration!.provider.current.status, 'at once, not after the heartbeat').to.equal('offline');
    await sendKeys({ type: ' more' });
    await until(() => ann.states.at(-1)?.status === 'synced' && ann.states.at(-1)?.unsent === 0, 'back, everything stored', { saw: () => ann.states.at(-1) });
    const bob = await open('bob');
    await converged([ann, bob], ['base more']);
  });

  it('a server killed and restarted loses no acknowledged change and duplicates no block', async () => {
    const ann = await open('ann');
    ann.el.focus();
    await sendKeys({ type: 'First' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'Second' });
    await until(() => ann.states.at(-1)?.unsent === 0, 'everything acknowledged', { saw: () => ann.states.at(-1) });
    await executeServerCommand('collab-restart', { id: server.id });
    await until(() => ann.states.some((s) => s.status === 'offline'), 'the connection cut');
    await until(() => ann.states.at(-1)?.status === 'synced', 'back', { saw: () => ann.states.at(-1) });
    const bob = await open('bob');
    await converged([ann, bob], ['FirstSecond']);
    expect(bob.el.getHTML()).to.equal('<p>First</p><p>Second</p>');
    const stored = (await executeServerCommand('collab-document', { id: server.id, name: 'page:1' })) as { content: unknown[] };
    expect(stored.content).to.have.length(2);
  });

  it('a document with a node this editor does not know is shown read-only, with a message, and kept whole', async () => {
    const json = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Before' }] }, { type: 'marquee', content: [{ type: 'text', text: 'from a newer editor' }] }] };
    await executeServerCommand('collab-seed', { id: server.id, name: 'page:new', json, unchecked: true });
    const states: unknown[] = [];
    const { fixture, html } = await import('@open-wc/testing');
    const { connect } = await import('../../../src/collab/index.js');
    const el = await fixture<import('../../../src/element/index.js').RichEditor>(html`<rich-editor @rich-editor-collab-status=${(e: CustomEvent) => states.push(e.detail)}></rich-editor>`);
    el.collaboration = { provider: connect({ url: server.url, document: 'page:new', token: 'ann' }), user: { id: 'ann', name: 'Ann' } };
    try {
      const notice = await until(() => el.shadowRoot!.querySelector('[role="status"][data-status="incompatible"]'), 'the read-only notice', { saw: () => states });
      expect(notice.textContent).to.contain('read-only');
      expect(el.editorView!.editable).to.equal(false);
      const stored = (await executeServerCommand('collab-xml', { id: server.id, name: 'page:new' })) as string;
      expect(stored, 'the stored document is untouched').to.equal('<paragraph>Before</paragraph><marquee>from a newer editor</marquee>');
    } finally {
      el.collaboration.provider.destroy();
    }
  });

  it('shows no caret for someone who has only opened the document, and shows it once they are in it', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    ann.el.focus();
    await sendKeys({ type: 'Hi' });
    const states = () => [...ann.el.collaboration!.provider.awareness.getStates().values()] as { user?: { name: string }; cursor?: unknown }[];
    await until(() => states().some((state) => state.user?.name === 'Bob'), 'Bob present in Ann’s editor');
    expect(states().find((state) => state.user?.name === 'Bob')!.cursor ?? null, 'no caret for Bob').to.equal(null);
    expect(ann.el.shadowRoot!.querySelector('.collab-caret-label')).to.equal(null);
    bob.el.focus();
    await until(() => ann.el.shadowRoot!.querySelector('.collab-caret-label')?.textContent === 'Bob', 'Bob’s caret once he is in');
  });

  it("shows a colleague's name whole above a block the editor lays out only near the viewport", async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    bob.el.focus();
    await sendKeys({ type: 'One' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'Two' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'Three' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'Four' });
    await converged([ann, bob], ['One', 'Two', 'Three', 'Four']);
    ann.el.focusAt('end');
    // Bob's caret at the end of "Three", a block Ann's caret has never been in.
    const view = bob.el.editorView!;
    let end = 0;
    view.state.doc.forEach((child, offset, index) => {
      if (index === 2) end = offset + child.nodeSize - 1;
    });
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, end)));
    const three = await until(() => {
      const block = ann.el.shadowRoot!.querySelector('.collab-caret-label')?.closest('.content > *');
      return block?.textContent?.startsWith('Three') ? block : null;
    }, "Bob's name at Three in Ann's editor");
    expect(getComputedStyle(three).contentVisibility, 'the block does not clip the name').to.equal('visible');
    // The caret moves on: the block it left is laid out only near the viewport again.
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 4)));
    await until(() => ann.el.shadowRoot!.querySelector('.collab-caret-label')?.closest('.content > *') !== three, "Bob's name gone from Three");
    expect(getComputedStyle(three).contentVisibility).to.equal('auto');
  });

  it("shows others' carets with their names, but not the same person's other tab", async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    const annAgain = await open('ann-tab2');
    bob.el.focus();
    await sendKeys({ type: 'Hi' });
    await until(() => ann.el.shadowRoot!.querySelector('.collab-caret-label')?.textContent === 'Bob', "Bob's caret in Ann's editor");
    // The name sits above the line, never over the text typed beside the caret.
    const caret = ann.el.shadowRoot!.querySelector('.collab-caret')!.getBoundingClientRect();
    const label = ann.el.shadowRoot!.querySelector('.collab-caret-label')!.getBoundingClientRect();
    expect(label.bottom, 'the name above the caret').to.be.at.most(caret.top + 1);
    expect(caret.height, 'the caret spans its line').to.be.greaterThan(8);
    await converged([ann, bob, annAgain], ['Hi']);
    annAgain.el.focusAt('end');
    await sendKeys({ type: '!' });
    await converged([ann, bob, annAgain], ['Hi!']);
    const names = Array.from(ann.el.shadowRoot!.querySelectorAll('.collab-caret-label')).map((label) => label.textContent);
    expect(names).to.deep.equal(['Bob']);
  });
  it("sends this editor's presence only when its own caret moves: others' typing sends nothing", async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    bob.el.focus();
    await sendKeys({ type: 'Hello' });
    await converged([ann, bob], ['Hello']);
    // (The first paragraph written moves everyone's position once: it was not in the shared document.)
    let sent = 0;
    ann.el.collaboration!.provider.awareness.on('update', (_changes: unknown, origin: unknown) => {
      if (origin === 'local') sent++;
    });
    // Ann's editor not focused, Bob typing with real keys.
    await sendKeys({ type: ' you' });
    await converged([ann, bob], ['Hello you']);
    expect(sent, 'presence messages from Ann while Bob typed').to.equal(0);
    // Ann's caret at the end, Bob writing before it: her position in the shared document stays.
    ann.el.focusAt('end');
    await until(() => sent > 0, "Ann's caret moved by her");
    sent = 0;
    const view = bob.el.editorView!;
    view.dispatch(view.state.tr.insertText('Oh. ', 1));
    await converged([ann, bob], ['Oh. Hello you']);
    expect(sent, 'presence messages from Ann while Bob wrote before her caret').to.equal(0);
    await sendKeys({ press: 'ArrowLeft' });
    await until(() => sent > 0, 'Ann moving her own caret sends it');
  });

  it("keeps the caret where the user's key moved it when a colleague's change arrives before the editor heard of the move", async () => {
    const ann = await open('ann');
    ann.el.focus();
    await sendKeys({ type: 'Hello' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'World' });
    const view = ann.el.editorView!;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1)));
    // Bob's change, made on a copy of the shared document as it is now (his editor, offline).
    const shared = ann.el.collaboration!.provider.doc;
    const bob = new Y.Doc();
    Y.applyUpdate(bob, Y.encodeStateAsUpdate(shared));
    const known = Y.encodeStateVector(bob);
    ((bob.getXmlFragment('default').get(1) as Y.XmlElement).get(0) as Y.XmlText).insert(5, '!');
    const change = Y.encodeStateAsUpdate(bob, known);
    // The End key's move, and Bob's change arriving in the same task, before its selectionchange.
    const hello = ann.content.children[0].firstChild as Text;
    (view.root as Document).getSelection()!.collapse(hello, 5);
    Y.applyUpdate(shared, change, 'network');
    expect(view.state.doc.textContent, "Bob's change shown").to.equal('HelloWorld!');
    expect(view.state.selection.head, 'the caret where the key put it').to.equal(6);
    await sendKeys({ type: 'X' });
    expect(view.state.doc.textContent).to.equal('HelloXWorld!');
    bob.destroy();
  });

  it('brings the presence back, with its caret, when the page comes back from the back-forward cache', async () => {
    const ann = await open('ann');
    const bob = await open('bob');
    const annAtBob = () => [...bob.el.collaboration!.provider.awareness.getStates().values()].find((state) => (state as { user?: { id?: string } }).user?.id === 'ann') as { cursor?: unknown } | undefined;
    await until(annAtBob, 'Ann present for Bob');
    // Both editors are on this page: both go, and both come back.
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    await until(() => !annAtBob(), 'Ann gone for Bob while the page is hidden');
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await until(annAtBob, 'Ann present for Bob again');
    const caret = JSON.stringify(annAtBob()!.cursor);
    ann.el.focus();
    await sendKeys({ type: 'Hi' });
    await until(() => JSON.stringify(annAtBob()?.cursor) !== caret, "Ann's caret moves at Bob's", { saw: () => annAtBob() });
  });
});
