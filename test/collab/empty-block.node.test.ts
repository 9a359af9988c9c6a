import { expect } from 'chai';
import * as Y from 'yjs';
import { documentToUpdate } from '../../src/collab/server.js';
import { schema } from '../../src/core/index.js';
import { exchange, Replica, typeOn } from './replicas.js';

/**
 * Editors with these client ids on a new page as a server starts it (a new page or an issue
 * without a description: one empty paragraph, stored once by the server), each with the caret in it.
 */
function onNewPage(...ids: number[]): Replica[] {
  const group: Replica[] = [];
  const seed = documentToUpdate(schema.topNodeType.createAndFill()!);
  return ids.map((id) => {
    const replica = new Replica(id, group);
    Y.applyUpdate(replica.doc, seed, group);
    return replica.bind();
  });
}

/** What each block reads. */
const blocks = (replica: Replica): string[] => {
  const read: string[] = [];
  replica.document.forEach((block) => read.push(block.textContent));
  return read;
};

/** Every editor and a fresh reading of each show one paragraph reading `text`. */
function expectOneParagraph(text: string, ...replicas: Replica[]): void {
  for (const replica of replicas) {
    expect(blocks(replica), `client ${replica.doc.clientID}`).to.deep.equal([text]);
    expect(replica.afresh.toJSON(), `client ${replica.doc.clientID}, afresh`).to.deep.equal(replica.document.toJSON());
  }
}

describe('two people typing at once into an empty paragraph', () => {
  it("each first letter, typed before either heard of the other's, is there once, and so are the letters after it", () => {
    const [ada, bo] = onNewPage(1, 2);
    // Each starts a text in the paragraph; Ada reads the two as one and types on before hearing
    // that Bo has joined his into hers: his "q" was written twice.
    typeOn(ada, 'x');
    typeOn(bo, 'q');
    ada.receive();
    typeOn(ada, 'y');
    bo.receive(1);
    typeOn(bo, 'r');
    exchange(ada, bo);
    expectOneParagraph('xyqr', ada, bo);
  });

  it("a colleague's first letters arriving in the paragraph go after the caret, so the words typed on stay whole", () => {
    // Bo's client id is the smaller: letters typed at one place at once put his first.
    const [ada, bo] = onNewPage(2, 1);
    typeOn(ada, 'x');
    bo.receive();
    // Bo's caret stays before Ada's "x" (it keeps to no character): his word does not go between her letters.
    typeOn(bo, 'qrs');
    typeOn(ada, 'yz');
    exchange(ada, bo);
    expectOneParagraph('qrsxyz', ada, bo);
  });

  it('any interleaving of two words typed and delivered letter by letter keeps both whole, once each (seeded)', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const words = ['abcde', 'VWXYZ'];
    for (let run = 0; run < 100; run++) {
      const replicas = onNewPage(...(random() < 0.5 ? [1, 2] : [2, 1]));
      const typed = [0, 0];
      const steps: string[] = [];
      while (typed.some((count, i) => count < words[i]!.length)) {
        const i = random() < 0.5 ? 0 : 1;
        const replica = replicas[i]!;
        if (random() < 0.5 && typed[i]! < words[i]!.length) {
          const letter = words[i]![typed[i]!++]!;
          typeOn(replica, letter);
          steps.push(letter);
        } else if (replica.inbox.length) {
          const count = 1 + Math.floor(random() * replica.inbox.length);
          replica.receive(count);
          steps.push(`${i}<${count}`);
        }
      }
      exchange(...replicas);
      const [text] = blocks(replicas[0]!);
      const context = `run ${run}: ${steps.join(' ')}`;
      expect(text, context).to.be.oneOf([words.join(''), words[1]! + words[0]!]);
      expectOneParagraph(text!, ...replicas);
    }
  });
});
