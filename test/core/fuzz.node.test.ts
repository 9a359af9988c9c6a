import { expect } from 'chai';
import { history, redo, undo } from 'prosemirror-history';
import { EditorState, Selection, TextSelection } from 'prosemirror-state';
import { EDITING_COMMANDS, pick, type Rng } from '../helpers/editing-commands.js';
import { mulberry32, randomDoc } from '../helpers/random-doc.js';

function randomSelection(rng: Rng, state: EditorState): Selection {
  const size = state.doc.content.size;
  const a = Math.floor(rng() * (size + 1));
  const b = rng() < 0.5 ? a : Math.floor(rng() * (size + 1));
  const $a = Selection.near(state.doc.resolve(a)).$from;
  const $b = Selection.near(state.doc.resolve(b)).$from;
  return $a.parent.inlineContent && $b.parent.inlineContent ? TextSelection.between($a, $b) : Selection.near($a);
}

/** One random editing step; returns a name for the failure message. */
function step(rng: Rng, state: EditorState): [string, EditorState] {
  let current = state.apply(state.tr.setSelection(randomSelection(rng, state)));
  const roll = rng();
  let name: string;
  if (roll < 0.3) {
    const text = pick(rng, ['a', 'hello ', ' ', 'x y', '\t', '—', '123']);
    name = `type ${JSON.stringify(text)}`;
    const { $from } = current.selection;
    if ($from.parent.inlineContent) current = current.apply(current.tr.insertText(text));
  } else if (roll < 0.4) {
    name = 'undo';
    undo(current, (tr) => (current = current.apply(tr)));
  } else if (roll < 0.45) {
    name = 'redo';
    redo(current, (tr) => (current = current.apply(tr)));
  } else {
    const [commandName, command] = pick(rng, EDITING_COMMANDS);
    name = commandName;
    command(current, (tr) => (current = current.apply(tr)));
  }
  return [name, current];
}

describe('editing fuzz', () => {
  it('keeps 2,000 random editing steps schema-valid and undoes back to the start', () => {
    const seed = 20261121;
    const rng = mulberry32(seed);
    let steps = 0;
    for (let round = 0; steps < 2000; round++) {
      const start = randomDoc(rng, { maxBlocks: 6 });
      let state = EditorState.create({ doc: start, plugins: [history({ depth: 10_000 })] });
      const trail: string[] = [];
      for (let i = 0; i < 100; i++, steps++) {
        const [name, next] = step(rng, state);
        trail.push(name);
        try {
          next.doc.check();
        } catch (error) {
          throw new Error(`seed ${seed}, round ${round}, step ${i} (${trail.slice(-5).join(' → ')}): ${(error as Error).message}`);
        }
        state = next;
      }
      let undone = 0;
      while (undo(state, (tr) => (state = state.apply(tr))) && undone < 10_000) undone++;
      expect(state.doc.eq(start), `seed ${seed}, round ${round}: undoing everything returns the start document`).to.equal(true);
    }
    expect(steps).to.be.at.least(2000);
  });
});
