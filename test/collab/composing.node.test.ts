import { expect } from 'chai';
import { WebSocket as NodeWebSocket } from 'ws';
import * as Y from 'yjs';
import { LOCAL_WAIT_MS } from '../../src/collab/composing.js';
import { CloseCode, decodeMessage, Message } from '../../src/collab/protocol.js';
import { CollabProvider } from '../../src/collab/provider.js';
import { schema } from '../../src/core/index.js';
import { installFakeClock } from '../helpers/fake-clock.js';
import { editor, providers, startHub, until, untilPresence, untilText } from './hub-helpers.js';
import { BoundEditor } from './replicas.js';

const { paragraph } = schema.nodes;

/** Every text `provider`'s document showed after each change the server brought, in order. */
function shown(provider: CollabProvider): string[] {
  const texts: string[] = [];
  provider.doc.on('update', (_update: Uint8Array, origin: unknown) => {
    if (origin === provider) texts.push(provider.fragment.toString().replace(/<\/?paragraph>/g, ''));
  });
  return texts;
}

/** What an input method writes after "Hello" on the way to 日本: its candidates, then the text chosen. */
function compose(bound: BoundEditor): void {
  const at = 1 + 'Hello'.length;
  bound.change((tr) => tr.insertText('に', at));
  bound.change((tr) => tr.insertText('ほ', at + 1));
  bound.change((tr) => tr.insertText('ん', at + 2));
  bound.change((tr) => tr.insertText('日本', at, at + 3));
}

/** A connection that notes the type of each message it sends, in order (and calls `opened` as it opens, before anyone else hears it). */
function recording(opened = (): void => {}) {
  const sent: number[] = [];
  class Recording extends NodeWebSocket {
    constructor(url: string) {
      super(url);
      this.addEventListener('open', opened);
    }
    override send(data: Uint8Array): void {
      sent.push(decodeMessage(data).type);
      super.send(data);
    }
  }
  return { sent, Recording };
}

describe('an editor whose user composes text through an input method', () => {
  afterEach(() => {
    for (const provider of providers.splice(0)) provider.destroy();
  });

  /** Ann and Bob on "Hello", Ann with an editor bound; Ann's connection through `AnnSocket` when given. */
  async function onHello(url: string, AnnSocket?: new (url: string) => NodeWebSocket) {
    const ann = AnnSocket ? new CollabProvider({ url, document: 'page:1', token: 'ann', WebSocket: AnnSocket as unknown as new (url: string) => WebSocket }) : editor(url, 'ann');
    if (AnnSocket) {
      providers.push(ann);
      ann.start(schema);
    }
    const bob = editor(url, 'bob');
    await until(ann, (s) => s.status === 'synced', 'ann synced');
    await until(bob, (s) => s.status === 'synced', 'bob synced');
    const annEditor = new BoundEditor(ann.doc).bind();
    annEditor.change((tr) => tr.replaceWith(0, tr.doc.content.size, paragraph.create(null, schema.text('Hello'))));
    await untilText(bob, 'Hello');
    await until(ann, (s) => s.unsent === 0, 'Hello stored');
    return { ann, bob, annEditor };
  }

  it('sends the text chosen as one change when the composition ends: colleagues never see the candidates', async () => {
    const server = await startHub();
    try {
      const { ann, bob, annEditor } = await onHello(server.url);
      const bobSaw = shown(bob);
      const release = ann.holdWhileComposing();
      compose(annEditor);
      expect(ann.current.unsent, 'counted as waiting').to.equal(4);
      release();
      await untilText(bob, 'Hello日本');
      await until(ann, (s) => s.unsent === 0, 'stored');
      expect(bobSaw).to.deep.equal(['Hello日本']);
    } finally {
      await server.close();
    }
  });

  it('sends a change that deletes text colleagues have seen apart, after what waited: each reads as it was made', async () => {
    const server = await startHub();
    try {
      const { ann, bob, annEditor } = await onHello(server.url);
      const bobSaw = shown(bob);
      const release = ann.holdWhileComposing();
      annEditor.change((tr) => tr.insertText('X', 6));
      annEditor.change((tr) => tr.insertText('Y', 7));
      // A word already there rewritten (a phone's autocorrection): its first letter goes.
      annEditor.change((tr) => tr.delete(1, 2));
      await untilText(bob, 'elloXY');
      // What follows waits again, until the composition ends.
      annEditor.change((tr) => tr.insertText('Z', 7));
      release();
      await untilText(bob, 'elloXYZ');
      expect(bobSaw).to.deep.equal(['HelloXY', 'elloXY', 'elloXYZ']);
    } finally {
      await server.close();
    }
  });

  it(`lets nothing wait longer than ${LOCAL_WAIT_MS} ms for a composition left open`, async () => {
    const server = await startHub();
    const clock = installFakeClock();
    try {
      const { ann, bob, annEditor } = await onHello(server.url);
      const bobSaw = shown(bob);
      const release = ann.holdWhileComposing();
      annEditor.change((tr) => tr.insertText('w', 6));
      clock.tick(LOCAL_WAIT_MS - 1);
      annEditor.change((tr) => tr.insertText('o', 7));
      expect(ann.current.unsent).to.equal(2);
      clock.tick(1);
      await untilText(bob, 'Hellowo');
      annEditor.change((tr) => tr.insertText('r', 8));
      release();
      await untilText(bob, 'Hellowor');
      expect(bobSaw).to.deep.equal(['Hellowo', 'Hellowor']);
    } finally {
      clock.uninstall();
      await server.close();
    }
  });

  it("keeps the user's caret from colleagues while it points into text that waits, and sends it after that text", async () => {
    const server = await startHub();
    try {
      const { sent, Recording } = recording();
      const { ann, bob, annEditor } = await onHello(server.url, Recording);
      const text = () => (ann.fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText;
      const caret = (index: number) => ann.awareness.setLocalStateField('cursor', { head: Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text(), index)) });
      const annAt = () => {
        const cursor = bob.awareness.getStates().get(ann.doc.clientID)?.cursor as { head: unknown } | undefined;
        return cursor ? Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(cursor.head), bob.doc)?.index : undefined;
      };
      caret(5);
      await untilPresence(bob, () => annAt() === 5, "Ann's caret after Hello at Bob's");
      const release = ann.holdWhileComposing();
      const from = sent.length;
      annEditor.change((tr) => tr.insertText('に', 6));
      caret(6);
      expect(sent.slice(from), 'nothing sent while it waits').to.deep.equal([]);
      release();
      expect(sent.slice(from), 'the text, then the caret').to.deep.equal([Message.update, Message.awareness]);
      await untilText(bob, 'Helloに');
      await untilPresence(bob, () => annAt() === 6, "Ann's caret after に at Bob's");
    } finally {
      await server.close();
    }
  });

  it('sends what waits once, at the handshake, when the connection drops during the composition', async () => {
    const server = await startHub();
    const clock = installFakeClock();
    try {
      const { ann, bob, annEditor } = await onHello(server.url);
      const bobSaw = shown(bob);
      const release = ann.holdWhileComposing();
      annEditor.change((tr) => tr.insertText('に', 6));
      server.hub.closeWhere((_name, user) => user.id === 'ann', CloseCode.goingAway, 'test drop');
      await until(ann, (s) => s.status === 'offline', 'ann offline');
      annEditor.change((tr) => tr.insertText('ほ', 7));
      clock.tick(1_000);
      await until(ann, (s) => s.status === 'synced' && s.unsent === 0, 'ann back, everything stored');
      await untilText(bob, 'Helloにほ');
      annEditor.change((tr) => tr.insertText('ん', 8));
      // The count of changes waiting: each acknowledgement takes off those its change covered.
      const unsent: number[] = [];
      ann.subscribe((state) => unsent.push(state.unsent));
      release();
      annEditor.change((tr) => tr.insertText('!', 9));
      await untilText(bob, 'Helloにほん!');
      await until(ann, (s) => s.unsent === 0, 'stored');
      expect(unsent).to.deep.equal([2, 1, 0]);
      expect(bobSaw).to.deep.equal(['Helloにほ', 'Helloにほん', 'Helloにほん!']);
      expect(server.store.logs.get('page:1')?.length, 'Hello, what went up at the handshake, ん and !').to.equal(4);
    } finally {
      clock.uninstall();
      await server.close();
    }
  });

  it('sends nothing that waited ahead of the handshake when its wait ends as the connection comes back', async () => {
    const server = await startHub();
    const clock = installFakeClock();
    try {
      let onOpen = (): void => {};
      // Before the provider's own listener: the connection open, its handshake not yet begun.
      const { sent, Recording } = recording(() => onOpen());
      const { ann, bob, annEditor } = await onHello(server.url, Recording);
      const release = ann.holdWhileComposing();
      annEditor.change((tr) => tr.insertText('に', 6));
      server.hub.closeWhere((_name, user) => user.id === 'ann', CloseCode.goingAway, 'test drop');
      await until(ann, (s) => s.status === 'offline', 'ann offline');
      annEditor.change((tr) => tr.insertText('ほ', 7));
      onOpen = () => clock.tick(LOCAL_WAIT_MS);
      const from = sent.length;
      clock.tick(1_000);
      await until(ann, (s) => s.status === 'synced' && s.unsent === 0, 'ann back, everything stored');
      expect(sent.slice(from).filter((type) => type !== Message.awareness)).to.deep.equal([Message.syncStep1, Message.update]);
      await untilText(bob, 'Helloにほ');
      release();
    } finally {
      clock.uninstall();
      await server.close();
    }
  });
});
