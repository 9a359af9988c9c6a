import { expect } from 'chai';
import { joinBackward } from 'prosemirror-commands';
import { adaAndBo, bothOrders, click, editorsOn, exchange, expectAlike, para, random, texts, typeOn, type Replica } from './replicas.js';

/** Presses Backspace at `pos`, the start of a paragraph, joining it to the one before. */
function joinAt(replica: Replica, pos: number): Replica {
  click(replica, pos);
  expect(replica.run(joinBackward), `Backspace at ${pos} joins`).to.equal(true);
  return replica;
}

/** Editors on "abc", "def", "gh" (client 1 wrote them); Ada's client id is the smaller (`adaFirst`) or the greater. */
const editors = (adaFirst: boolean, count = 2) => adaAndBo([para('abc'), para('def'), para('gh')], adaFirst, count);

// "abc" is at 1-4, "def" starts at 6 (its text at 6, after the paragraph's opening at 5).
describe('two editors joining one paragraph to the one before at once (Backspace at its start)', () => {
  it('show the joined text once on every screen, whatever the client ids', () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst, 3);
      joinAt(ada, 6);
      joinAt(bo, 6);
      exchange(...all);
      // Before: "abcdefdef": each typed the paragraph's letters again after "abc".
      expect(texts(ada), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(['abcdef', 'gh']);
      expectAlike(...all);
    }
  });

  it('show it once with three editors, the one in the middle hearing of the smaller id first', () => {
    const all = editorsOn([para('abc'), para('def'), para('gh')], 3);
    for (const replica of all) joinAt(replica, 6);
    // Client 2 hears of client 1's join (client 1 folds its own run then), and only then of client 3's.
    all[1]!.receive(1);
    exchange(...all);
    expect(texts(all[0]!)).to.deep.equal(['abcdef', 'gh']);
    expectAlike(...all);
  });

  it('keep a letter a third editor typed into the paragraph, which the one with the greatest id had not seen when joining', () => {
    const all = editorsOn([para('abc'), para('def')], 3);
    // Client 1 types "1" at the end of "def"; client 2 hears of it, client 3 does not; all three join.
    typeOn(click(all[0]!, 9), '1');
    all[1]!.receive();
    for (const replica of all) joinAt(replica, 6);
    exchange(...all);
    // Before: "abcdef1def": client 2 found client 3's run lacking a letter neither of them had typed.
    expect(texts(all[0]!)).to.deep.equal(['abcdef1']);
    expectAlike(...all);
  });

  it('keep what each typed at the join before hearing of the other, where it was typed', () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst);
      typeOn(joinAt(ada, 6), 'X');
      // Bo types at the end of the joined text.
      click(joinAt(bo, 6), 7);
      typeOn(bo, 'Y');
      exchange(...all);
      expect(texts(ada), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(['abcXdefY', 'gh']);
      expectAlike(...all);
    }
  });

  it('keep a letter typed into the paragraph unseen by the other before the join, and one deleted after it stays deleted', () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst);
      // Ada types "1" after "de", unseen by Bo, then joins; Bo joins, then deletes the "f".
      click(ada, 8);
      typeOn(ada, '1');
      joinAt(ada, 6);
      joinAt(bo, 6);
      bo.change((tr) => tr.delete(6, 7));
      exchange(...all);
      expect(texts(ada), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(['abcde1', 'gh']);
      expectAlike(...all);
    }
  });

  it('keep the caret of one who deleted a letter of the joined text before hearing of the other after the same letters', () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst);
      // Ada joins, deletes the "e" and puts the caret after the "f"; Bo joins.
      joinAt(ada, 6);
      ada.change((tr) => tr.delete(5, 6));
      click(ada, 6);
      joinAt(bo, 6);
      exchange(...all);
      typeOn(ada, 'X');
      exchange(...all);
      expect(texts(ada), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(['abcdfX', 'gh']);
      expectAlike(...all);
    }
  });

  it("keep each one's caret at the join: the next letter typed goes after \"abc\"", () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst);
      joinAt(ada, 6);
      joinAt(bo, 6);
      exchange(...all);
      // Each types at once: the two letters meet at the join (in either order: a caret keeps to the letter before it).
      typeOn(ada, 'X');
      typeOn(bo, 'Y');
      exchange(...all);
      expect(texts(ada)[0], `Ada's client id ${ada.doc.clientID}`).to.match(/^abc(XY|YX)def$/);
      expectAlike(...all);
    }
  });
});

// "gh" starts at 11, after "def"'s paragraph (5-10); once "gh" is joined, "def" still starts at 6.
describe('a paragraph joined by two editors at once, one of them going on to join the joined one to the one before', () => {
  it('shows its text once on every screen, whatever the client ids', () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst);
      joinAt(ada, 11);
      joinAt(bo, 11);
      // Bo, before hearing of Ada's join, joins "defgh" to "abc": his change drops Ada's run, which he had not seen.
      joinAt(bo, 6);
      exchange(...all);
      expect(texts(ada), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(['abcdefgh']);
      expectAlike(...all);
    }
  });

  it('still puts back the run of a join that a third editor, who had not made it, drops with the paragraph', () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst, 3);
      const cy = all[0]!;
      // Cy and Ada join "gh" to "def" at once, Ada with a letter typed first; Bo, knowing of neither, joins "def" to "abc".
      joinAt(cy, 11);
      click(ada, 13);
      typeOn(ada, 'X');
      joinAt(ada, 11);
      joinAt(bo, 6);
      exchange(...all);
      expect(texts(ada), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(['abcdefghX']);
      expectAlike(...all);
    }
  });
});

/** Letters typed in the runs below, each once, none of them in "abcdef". */
const TYPED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZklmnopqrstuvwxyz0123456789';

describe('joins and letters typed by two editors at once, in any order (seeded runs)', () => {
  it('leave every letter once, the text in its order, on every screen', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const next = random(seed);
      const pick = <T>(values: T[]): T => values[Math.floor(next() * values.length)]!;
      const all = editorsOn([para('abc'), para('def')]);
      if (next() < 0.5) all.reverse();
      let typed = '';
      for (let step = 0; step < 6; step++) {
        const editor = pick(all);
        const action = pick(['click', 'type', 'join']);
        if (action === 'click') {
          const places: number[] = [];
          editor.document.descendants((node, pos) => {
            if (node.isTextblock) for (let i = 0; i <= node.content.size; i++) places.push(pos + 1 + i);
            return !node.isTextblock;
          });
          click(editor, pick(places));
        } else if (action === 'type') {
          typed += TYPED[typed.length]!;
          typeOn(editor, typed.at(-1)!);
        } else if (editor.document.childCount > 1) {
          click(editor, editor.document.child(0).nodeSize + 1);
          editor.run(joinBackward);
        }
        if (next() < 0.25) pick(all).receive();
      }
      exchange(...all);
      const letters = texts(all[0]!).join('');
      const message = `seed ${seed}: ${texts(all[0]!).join(' | ')}`;
      expect([...letters].sort().join(''), message).to.equal([...`abcdef${typed}`].sort().join(''));
      expect(letters.replace(/[^a-f]/g, ''), message).to.equal('abcdef');
      expectAlike(...all);
    }
  });
});
