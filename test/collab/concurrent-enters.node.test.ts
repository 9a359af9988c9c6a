import { expect } from 'chai';
import { joinBackward } from 'prosemirror-commands';
import { undoKey } from '../../src/collab/binding/undo.js';
import { adaAndBo, bothOrders, click, editorsOn, exchange, expectAlike, para, random, texts, typeOn, type Replica } from './replicas.js';

/** Presses Enter at `pos`: the caret goes to the start of the new paragraph. */
const enter = (replica: Replica, pos: number): Replica => click(replica, pos).change((tr) => tr.split(pos));

/** Presses Backspace at the start of the caret's paragraph, joining it to the one before. */
const joinBack = (replica: Replica): boolean => replica.run(joinBackward);

/**
 * Three editors on "abcdefghij" (client 1 wrote it); Ada and Bo, who press Enter at once, have
 * client ids 2 and 3 (`adaFirst`) or 3 and 2: Yjs orders two blocks inserted at one place by
 * client id.
 */
const editors = (adaFirst: boolean) => adaAndBo([para('abcdefghij')], adaFirst, 3);

// "abcdefghij" is the first paragraph: its text starts at 1, so "abc" ends at 4 and "abcdef" at 7.
describe('two editors pressing Enter in one paragraph at once', () => {
  it('the paragraphs stand in the order of the text on every screen, whatever the client ids', () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst);
      // Ada types "x" and presses Enter after "abc"; Bo types "1" and presses Enter after "abcdef".
      click(ada, 4);
      typeOn(ada, 'x');
      enter(ada, 5);
      click(bo, 7);
      typeOn(bo, '1');
      enter(bo, 8);
      exchange(...all);
      // Before, with Bo's client id the smaller: "abcx", "ghij", "def1".
      expect(texts(ada), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(['abcx', 'def1', 'ghij']);
      expectAlike(...all);
    }
  });

  it('the letters each types after their Enter start their own paragraph, and the next ones follow them', () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst);
      typeOn(enter(ada, 4), 'x');
      typeOn(enter(bo, 7), '1');
      exchange(...all);
      expect(texts(ada), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(['abc', 'xdef', '1ghij']);
      // Each caret stayed after its letter, the paragraph moved or not.
      typeOn(ada, 'y');
      typeOn(bo, '2');
      exchange(...all);
      expect(texts(ada)).to.deep.equal(['abc', 'xydef', '12ghij']);
      expectAlike(...all);
    }
  });

  it('at the same place, the text after the caret stands once, after an empty paragraph', () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst);
      enter(ada, 4);
      enter(bo, 4);
      exchange(...all);
      // Before: "abc", "defghij", "defghij".
      expect(texts(ada), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(['abc', '', 'defghij']);
      expectAlike(...all);
    }
  });

  it('at the same place, the letters each types after it stay theirs, and the text after the caret stands once', () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst);
      typeOn(enter(ada, 4), 'x');
      typeOn(enter(bo, 4), '1');
      exchange(...all);
      // The greater client id's paragraph, last, keeps the text.
      expect(texts(ada), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(adaFirst ? ['abc', 'x', '1defghij'] : ['abc', '1', 'xdefghij']);
      expectAlike(...all);
    }
  });

  it('a letter deleted before them stays deleted, and every letter is in one paragraph', () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst);
      // Ada deletes "i" and presses Enter after "a"; Bo presses Enter after "abcdefg".
      ada.change((tr) => tr.delete(9, 10));
      enter(ada, 2);
      enter(bo, 8);
      exchange(...all);
      // Before: "a", "bcdefgh", "hi" (the "h" twice, the "i" back).
      expect(texts(ada), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(['a', 'bcdefg', 'hj']);
      expectAlike(...all);
    }
  });

  it("a third editor's letter typed into the text they move stays, once, and the text keeps its order", () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst);
      const cy = all[0]!;
      // Cy types "X" after "abcdefgh", unseen by the two pressing Enter.
      cy.change((tr) => tr.insertText('X', 9));
      enter(ada, 4);
      enter(bo, 7);
      exchange(...all);
      // Before: "abc", "defghXij", "ghij". (The "X" goes with the first Enter's text: "abc", "defX", "ghij".)
      const letters = texts(ada).join('');
      expect([...letters].sort().join(''), `Ada's client id ${ada.doc.clientID}`).to.equal('Xabcdefghij');
      expect(letters.replace('X', '')).to.equal('abcdefghij');
      expect(texts(ada).map((text) => text.replace('X', ''))).to.deep.equal(['abc', 'def', 'ghij']);
      expectAlike(...all);
    }
  });

  it("the earlier Enter's editor shows the text after the later one once while the answer is on its way, and an Enter there keeps it once", () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst);
      enter(ada, 4);
      enter(bo, 6);
      // Ada hears of Bo's Enter, not yet of what Bo does about hers.
      ada.receive();
      expect([...texts(ada)].sort(), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(['abc', 'de', 'fghij']);
      // She presses Enter at the end of "de", where Bo's Enter was.
      const de = texts(ada).indexOf('de');
      const end = ada.document.content.content.slice(0, de + 1).reduce((size, block) => size + block.nodeSize, 0) - 1;
      enter(ada, end);
      exchange(...all);
      // Before: "fghij" twice.
      expect(texts(ada).join(''), `Ada's client id ${ada.doc.clientID}`).to.equal('abcdefghij');
      expect(texts(ada).filter(Boolean)).to.deep.equal(['abc', 'de', 'fghij']);
      expectAlike(...all);
    }
  });

  it('a colleague who types into the paragraph put after theirs, before hearing of it, keeps the letter there', () => {
    // Ada, the earlier Enter, has the greater id: Bo's paragraph stands first until Bo puts it after hers.
    const { ada, bo, all } = editors(false);
    enter(ada, 4);
    enter(bo, 7);
    ada.receive();
    // Ada takes "ghij" out of her paragraph at once (Bo does too), not to show it twice meanwhile.
    expect(texts(ada)).to.deep.equal(['abc', 'ghij', 'def']);
    // Ada types "Y" into Bo's paragraph, after "gh", before Bo's answer reaches her.
    ada.change((tr) => tr.insertText('Y', 8));
    exchange(...all);
    expect(texts(ada)).to.deep.equal(['abc', 'def', 'ghYij']);
    expectAlike(...all);
  });
});

describe('an Enter pressed and joined back by Backspace while a colleague presses Enter at the same place', () => {
  it('leaves the text after it once', () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst);
      enter(ada, 4);
      expect(joinBack(ada)).to.equal(true);
      enter(bo, 4);
      exchange(...all);
      // Before: "abcdefghij", "defghij".
      expect(texts(ada), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(['abc', 'defghij']);
      expectAlike(...all);
    }
  });
});

describe('undo after two Enters at once in one paragraph', () => {
  it("undoing the later Enter puts its text back at the end of the earlier Enter's paragraph, once", () => {
    for (const adaFirst of bothOrders) {
      const { ada, bo, all } = editors(adaFirst);
      typeOn(enter(ada, 4), 'x');
      typeOn(enter(bo, 7), '1');
      exchange(...all);
      expect(bo.undo()).to.equal(true);
      exchange(...all);
      // Before: "abcghij", "xdefghij".
      expect(texts(ada), `Ada's client id ${ada.doc.clientID}`).to.deep.equal(['abc', 'xdefghij']);
      expect(bo.redo()).to.equal(true);
      exchange(...all);
      expect(texts(ada)).to.deep.equal(['abc', 'xdef', '1ghij']);
      expectAlike(...all);
    }
  });

  it('undoing either of two Enters at the same place leaves the text after them once', () => {
    for (const adaFirst of bothOrders) {
      for (const undoing of ['ada', 'bo'] as const) {
        const { ada, bo, all } = editors(adaFirst);
        typeOn(enter(ada, 4), 'x');
        typeOn(enter(bo, 4), '1');
        exchange(...all);
        expect({ ada, bo }[undoing].undo()).to.equal(true);
        exchange(...all);
        // Before: "abcdefghij" and the other's paragraph, the text after the caret twice.
        expect(texts(ada), `Ada's client id ${ada.doc.clientID}, ${undoing} undoing`).to.deep.equal(['abc', undoing === 'ada' ? '1defghij' : 'xdefghij']);
        expectAlike(...all);
      }
    }
  });
});

/** Letters typed in the runs below, each once, none of them in "abcdefghij". */
const TYPED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZklmnopqrstuvwxyz0123456789';

/**
 * Two editors on "abcdefghij" clicking, typing letters of their own and pressing Enter (and
 * undoing, when `undo`), six steps in all, each step's updates reaching the other now and then,
 * then all of them. Returns the replicas and the letters typed.
 */
function run(seed: number, undo: boolean): { all: Replica[]; typed: string } {
  const next = random(seed);
  const pick = <T>(values: T[]): T => values[Math.floor(next() * values.length)]!;
  const all = editorsOn([para('abcdefghij')]);
  for (const replica of all) undoKey.getState(replica.state)!.manager.stopCapturing();
  if (next() < 0.5) all.reverse();
  let typed = '';
  for (let step = 0; step < 6; step++) {
    const editor = pick(all);
    const action = pick(undo ? ['click', 'type', 'enter', 'enter', 'undo'] : ['click', 'type', 'enter', 'enter']);
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
    } else if (action === 'enter') enter(editor, editor.state.selection.from);
    else editor.undo();
    if (next() < 0.25) pick(all).receive();
  }
  exchange(...all);
  return { all, typed };
}

describe('Enters and letters typed by two editors at once, in any order (seeded runs)', () => {
  it('leave every letter once, the text in its order, on every screen', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { all, typed } = run(seed, false);
      const letters = texts(all[0]!).join('');
      const message = `seed ${seed}: ${texts(all[0]!).join(' | ')}`;
      expect([...letters].sort().join(''), message).to.equal([...`abcdefghij${typed}`].sort().join(''));
      expect(letters.replace(/[^a-j]/g, ''), message).to.equal('abcdefghij');
      expectAlike(...all);
    }
  });

  it('with undo among them, leave no letter twice', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const { all } = run(seed, true);
      const letters = texts(all[0]!).join('');
      expect(new Set(letters).size, `seed ${seed}: ${texts(all[0]!).join(' | ')}`).to.equal(letters.length);
      expectAlike(...all);
    }
  });
});
