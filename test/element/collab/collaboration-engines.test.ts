/**
 * The collaboration cases every engine runs (the rest run in Chromium: test/element/collab/
 * collaboration.test.ts): two editors on separate connections, real keys in both, converging,
 * and undo taking back only one's own typing; two typing at once into a new page's empty
 * paragraph; a click and keys into an editor still connecting; focus given to one as it is made
 * kept until its document is there.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import { connect } from '../../../src/collab/index.js';
import type { RichEditor } from '../../../src/element/index.js';
import { until } from '../../helpers/until.js';
import { closeAll, converged, sharedEditor, startServer, undoUntil, type SharedEditor } from './helpers.js';

describe('editing together in every engine', () => {
  it('two editors type with real keys, converge, and undo only their own typing', async () => {
    const server = await startServer();
    const editors: SharedEditor[] = [];
    try {
      const ann = await sharedEditor(server.url, 'ann');
      editors.push(ann);
      const bob = await sharedEditor(server.url, 'bob');
      editors.push(bob);
      ann.el.focusAt('end');
      await sendKeys({ type: 'Ann writes.' });
      await converged([ann, bob], ['Ann writes.']);
      bob.el.focusAt('end');
      await sendKeys({ type: ' Bob adds.' });
      await converged([ann, bob], ['Ann writes. Bob adds.']);
      await undoUntil(bob, 'Ann writes.', { kept: 'Ann writes.', most: ' Bob adds.'.length });
      await converged([ann, bob], ['Ann writes.']);
      expect(ann.el.getHTML()).to.equal('<p>Ann writes.</p>');
    } finally {
      closeAll(editors);
      await server.stop();
    }
  });

  /** A new page as the tracker's server starts it: one empty paragraph, stored once by the server. */
  const NEW_PAGE = { type: 'doc', content: [{ type: 'paragraph' }] };

  /** A WebSocket class whose sends wait while `held`, and go in order at `release()`. */
  function holdingSockets(): { held: boolean; release(): void; WebSocket: typeof WebSocket } {
    const waiting: (() => void)[] = [];
    const control = {
      held: false,
      release() {
        control.held = false;
        for (const send of waiting.splice(0)) send();
      },
      WebSocket: class HoldingSocket extends WebSocket {
        override send(data: Parameters<WebSocket['send']>[0]): void {
          if (control.held) waiting.push(() => super.send(data));
          else super.send(data);
        }
      },
    };
    return control;
  }

  it("two people typing at once into a new page's empty paragraph see each letter once", async () => {
    const server = await startServer();
    const editors: SharedEditor[] = [];
    try {
      await executeServerCommand('collab-seed', { id: server.id, name: 'page:1', json: NEW_PAGE });
      const sockets = [holdingSockets(), holdingSockets()];
      for (const [i, user] of ['ann', 'bob'].entries()) editors.push(await sharedEditor(server.url, user, 'page:1', {}, { WebSocket: sockets[i]!.WebSocket }));
      // Each one's first letter starts a text in the paragraph; Yjs puts the text of the smaller client id first.
      const order = [0, 1].sort((a, b) => editors[a]!.el.collaboration!.provider.doc.clientID - editors[b]!.el.collaboration!.provider.doc.clientID);
      const [first, second] = order.map((i) => editors[i]!);
      const held = sockets[order[0]!]!;
      const text = (editor: SharedEditor) => editor.el.editorView!.state.doc.textContent;
      const shown = () => editors.map((editor) => editor.el.getHTML());
      // The first types before hearing of the second's letter and after it; the second hears of
      // both only then, in turn: it joins its text into the first's as the first letter arrives,
      // and the first wrote its second without hearing of that join.
      held.held = true;
      first.el.editorView!.focus();
      await sendKeys({ type: 'x' });
      second.el.editorView!.focus();
      await sendKeys({ type: 'q' });
      await until(() => text(first) === 'xq', "the second's letter with the first", { saw: () => text(first) });
      first.el.editorView!.focus();
      await sendKeys({ type: 'y' });
      held.release();
      await until(() => shown().every((html) => html === '<p>xyq</p>'), 'each letter once, in both', { saw: shown });
      second.el.editorView!.focus();
      await sendKeys({ type: 'r' });
      await until(() => shown().every((html) => html === '<p>xyqr</p>'), "the second's next letter after its first", { saw: shown });
    } finally {
      closeAll(editors);
      await server.stop();
    }
  });

  it("a colleague's first letter in a new page's empty paragraph goes after the caret there", async () => {
    const server = await startServer();
    const editors: SharedEditor[] = [];
    try {
      await executeServerCommand('collab-seed', { id: server.id, name: 'page:1', json: NEW_PAGE });
      const ann = await sharedEditor(server.url, 'ann');
      editors.push(ann);
      const bob = await sharedEditor(server.url, 'bob');
      editors.push(bob);
      const shown = () => editors.map((editor) => editor.el.getHTML());
      bob.el.editorView!.focus();
      ann.el.editorView!.focus();
      await sendKeys({ type: 'x' });
      await until(() => bob.el.getHTML() === '<p>x</p>', "Ann's letter with Bob", { saw: shown });
      // Bob's caret keeps to no character: his word goes before Ann's letters, not between them.
      bob.el.editorView!.focus();
      await sendKeys({ type: 'qr' });
      await until(() => shown().every((html) => html === '<p>qrx</p>'), "Bob's word before Ann's letter, in both", { saw: shown });
    } finally {
      closeAll(editors);
      await server.stop();
    }
  });

  it('keeps what is typed into the editor before its shared document is there, and types it at its end once it is', async () => {
    const server = await startServer();
    const editors: SharedEditor[] = [];
    try {
      const bob = await sharedEditor(server.url, 'bob');
      editors.push(bob);
      bob.el.focusAt('end');
      await sendKeys({ type: 'Hello' });
      await until(() => bob.el.collaboration!.provider.current.unsent === 0, "Bob's text stored");
      // What Ann's connection sends waits until `release`: the server hears nothing of her, so her editor is not synced until then.
      let waiting: (() => void)[] | null = [];
      class LateSocket extends WebSocket {
        override send(data: Parameters<WebSocket['send']>[0]): void {
          if (waiting) waiting.push(() => super.send(data));
          else super.send(data);
        }
      }
      const release = () => {
        const sends = waiting ?? [];
        waiting = null;
        for (const send of sends) send();
      };
      const el = await fixture<RichEditor>(html`<rich-editor aria-label="Editor of ann"></rich-editor>`);
      el.collaboration = { provider: connect({ url: server.url, document: 'page:1', token: 'ann', WebSocket: LateSocket }), user: { id: 'ann', name: 'Ann' } };
      editors.push({ el, states: [], content: el.shadowRoot!.querySelector('[role="textbox"]') as HTMLElement });
      await until(() => waiting?.length, "Ann's first message held");
      const box = el.shadowRoot!.querySelector('[role="textbox"]')!;
      expect(box.getAttribute('contenteditable'), 'nothing to edit yet').to.equal('false');
      // A click into the empty editor, and typing at once, as a host's end-to-end test does.
      const rect = box.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(rect.x + 20), Math.round(rect.y + rect.height / 2)] });
      await sendKeys({ type: ' world' });
      await sendKeys({ press: 'Enter' });
      await sendKeys({ type: 'Nexy' });
      await sendKeys({ press: 'Backspace' });
      await sendKeys({ type: 't' });
      release();
      const shown = () => [el.getHTML(), bob.el.getHTML()];
      await until(() => shown().every((text) => text === '<p>Hello world</p><p>Next</p>'), 'what Ann typed, in both', { saw: shown });
      // Her caret stayed after it: she types on.
      await sendKeys({ type: '!' });
      await until(() => shown().every((text) => text === '<p>Hello world</p><p>Next!</p>'), 'her next letter', { saw: shown });
    } finally {
      closeAll(editors);
      await server.stop();
    }
  });

  it('keeps the focus a host gives it as it is made, through to its shared document, and types there', async () => {
    const server = await startServer();
    const el = await fixture<RichEditor>(html`<rich-editor aria-label="Editor of ann"></rich-editor>`);
    try {
      // A page just made: the host focuses the editor as it sets its document, before the
      // collaboration code has loaded (the view is built again as it arrives and as it syncs).
      el.collaboration = { provider: connect({ url: server.url, document: 'page:new', token: 'ann' }), user: { id: 'ann', name: 'Ann' } };
      await el.updateComplete;
      el.focus();
      const focused = () => el.shadowRoot!.activeElement === el.shadowRoot!.querySelector('[role="textbox"]');
      expect(focused(), 'focus in the waiting editor').to.equal(true);
      await until(() => el.collaboration!.provider.current.status === 'synced' && el.editorView!.editable, 'the shared document there');
      expect(focused(), 'focus in the editor once its document is there').to.equal(true);
      await sendKeys({ type: 'Plans' });
      await until(() => el.getHTML() === '<p>Plans</p>', 'the typing', { saw: () => el.getHTML() });
    } finally {
      el.collaboration?.provider.destroy();
      await server.stop();
    }
  });
});
