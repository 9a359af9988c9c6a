/**
 * The user's undo of a mark in a shared document comes back as one replace step (the binding's
 * narrowed change); its words are read from what the step replaced (collab/marks-undone.ts).
 */
import { expect } from 'chai';
import { Slice } from 'prosemirror-model';
import { EditorState, type Transaction } from 'prosemirror-state';
import { ReplaceStep } from 'prosemirror-transform';
import { announcementOf } from '../../src/core/announce.js';
import { SHARED_CHANGE_META } from '../../src/core/transaction-meta.js';
import { sayMarksUndone } from '../../src/collab/marks-undone.js';
import { doc, em, mention, p, strong } from '../helpers/builder.js';
import type { Node as PMNode } from 'prosemirror-model';

/** What the element would say for `before` turned into `after` by one replace step over `from`-`to` (as the binding narrows a change). */
function saidFor(before: PMNode, after: PMNode, from: number, to: number): string | null {
  const state = EditorState.create({ doc: before });
  const tr: Transaction = state.tr.step(new ReplaceStep(from, to, after.slice(from, to))).setMeta(SHARED_CHANGE_META, true);
  return announcementOf(sayMarksUndone(tr, state), state);
}

describe("the words of the user's undo of a mark in a shared document", () => {
  it('says which marks went on and off over text split otherwise by its marks', () => {
    const before = doc(p('Plain ', strong('wo'), 'rds and more'));
    expect(saidFor(before, doc(p('Plain words and more')), 1, 12)).to.equal('Bold off');
    expect(saidFor(before, doc(p(em('Plain words'), ' and more')), 1, 12)).to.equal('Bold off, Italic on');
    expect(saidFor(doc(p('words')), doc(p(strong('words'))), 1, 6)).to.equal('Bold on');
  });

  it('reads across blocks and over nodes that are not text', () => {
    const ada = () => mention({ id: 'u1', label: 'Ada' });
    const before = doc(p('one'), p('ask ', ada()));
    const after = doc(p(strong('one')), p(strong('ask ', ada())));
    expect(saidFor(before, after, 1, 11)).to.equal('Bold on');
  });

  it('says nothing when the step changed the text, a node, or nothing but its place', () => {
    expect(saidFor(doc(p('Plain')), doc(p(strong('Plein'))), 1, 6), 'other text').to.equal(null);
    const mentioned = (label: string) => doc(p(mention({ id: 'u1', label })));
    expect(saidFor(mentioned('Ada'), mentioned('Ada L.'), 1, 2), 'a mention changed').to.equal(null);
    const replaced = (before: PMNode, from: number, to: number, slice: Slice): string | null => {
      const state = EditorState.create({ doc: before });
      return announcementOf(sayMarksUndone(state.tr.step(new ReplaceStep(from, to, slice)).setMeta(SHARED_CHANGE_META, true), state), state);
    };
    const bold = (text: string) => new Slice(doc(p(strong(text))).slice(1, 1 + text.length).content, 0, 0);
    expect(replaced(doc(p('ab')), 1, 3, bold('abc')), 'text added').to.equal(null);
    expect(replaced(doc(p('words')), 1, 1, bold('x')), 'an insertion').to.equal(null);
  });
});
