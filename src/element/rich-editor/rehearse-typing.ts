import { Fragment, type Node as PMNode } from 'prosemirror-model';
import { EditorState, TextSelection } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { log } from '../../core/log.js';
import { parseHTML } from '../../core/serialize/html.js';

// The body of the typing rehearsal (see typing-rehearsal.ts), a chunk of its own: it
// loads when the editor of a long document is first focused.

/** The keys the scratch view is sent: enough for V8 to compile the path, gather type feedback and optimise it. */
export const REHEARSAL_KEYS = 'rehearse the typing path '.repeat(6);

/** Transactions applied to throwaway copies of the editor's own state, a few characters each. */
const TRANSACTIONS = 40;

/** Top-level blocks of the scratch document: enough for the view's loops over blocks to be optimised too. */
const SCRATCH_BLOCKS = 1000;

/** The kinds of block the scratch document repeats, so the type feedback is that of a real document. */
const SCRATCH_PATTERN = `<h2>Rehearsal</h2>
<p>Plain text with <strong>bold</strong>, <em>italic</em>, <code>code</code> and a <a href="#rehearsal">link</a>.</p>
<ul><li><p>An item</p><ul><li><p>A nested item</p></li></ul></li></ul>
<ol><li><p>A step</p></li></ol>
<blockquote><p>A quote</p></blockquote>
<pre><code>rehearse();</code></pre>
<p>Another paragraph</p>`;

/**
 * How long one idle period keeps starting rehearsal steps, in ms. A step is one
 * transaction or key (well under a millisecond once warm, a few ms at first), except
 * building the scratch view (10-20 ms): a key the user presses meanwhile waits at most
 * about that long.
 */
const SLICE_MS = 8;

/** What a rehearsal did. */
export interface RehearsalResult {
  /** Whether it ran to its end (false when the editor went away first). */
  finished: boolean;
  /** Transactions applied to copies of the editor's state. */
  transactions: number;
  /** Characters the scratch view took from key events. */
  typed: number;
}

/** Runs `step` in idle periods (or soon after, where idle callbacks are missing). */
function whenIdle(step: (budget: number) => void): void {
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback((deadline) => step(deadline.didTimeout ? 1 : Math.min(SLICE_MS, deadline.timeRemaining())), { timeout: 500 });
  } else {
    setTimeout(() => step(SLICE_MS / 2), 0);
  }
}

/** Applies the transactions of typing at the caret to throwaway copies of the view's state; yields after each. */
function* rehearseTransactions(view: EditorView, result: RehearsalResult): Generator<void, void, undefined> {
  for (let i = 0; i < TRANSACTIONS; i++) {
    const { selection } = view.state;
    if (!(selection instanceof TextSelection) || !selection.$from.parent.inlineContent) return;
    let copy = view.state;
    for (const char of 'type') copy = copy.apply(copy.tr.insertText(char, copy.selection.from, copy.selection.to));
    result.transactions++;
    yield;
  }
}

/** The scratch document: the pattern's blocks repeated to SCRATCH_BLOCKS. */
function scratchDoc(view: EditorView): PMNode {
  const pattern = parseHTML(SCRATCH_PATTERN, { schema: view.state.schema });
  const blocks: PMNode[] = [];
  while (blocks.length < SCRATCH_BLOCKS) pattern.forEach((block) => blocks.push(block.copy(block.content)));
  return pattern.type.create(null, Fragment.from(blocks));
}

/**
 * Sends key events to a detached view with the editor's schema and those of its plugins
 * that have no plugin view (plugin views reach the host: fetches, host callbacks, the
 * editor's UI); yields after each key.
 */
function* rehearseKeys(view: EditorView, result: RehearsalResult): Generator<void, void, undefined> {
  const doc = scratchDoc(view);
  // The caret at the end of a paragraph in the middle, where typing goes through the view's loops over blocks.
  let caret = doc.content.size >> 1;
  while (caret < doc.content.size && doc.resolve(caret).parent.type !== view.state.schema.nodes.paragraph) caret++;
  const $caret = doc.resolve(caret);
  const selection = TextSelection.create(doc, $caret.parent.inlineContent ? $caret.end() : caret);
  const plugins = view.state.plugins.filter((plugin) => !plugin.spec.view);
  const mount = view.dom.ownerDocument.createElement('div');
  const scratch = new EditorView({ mount }, { state: EditorState.create({ doc, selection, plugins }) });
  const size = scratch.state.doc.content.size;
  const { KeyboardEvent } = view.dom.ownerDocument.defaultView ?? window;
  try {
    for (const key of REHEARSAL_KEYS) {
      const keyCode = key.toUpperCase().charCodeAt(0);
      const init = { key, keyCode, bubbles: true, cancelable: true };
      scratch.dom.dispatchEvent(new KeyboardEvent('keydown', init));
      scratch.dom.dispatchEvent(new KeyboardEvent('keypress', { ...init, keyCode: key.charCodeAt(0), charCode: key.charCodeAt(0) }));
      scratch.dom.dispatchEvent(new KeyboardEvent('keyup', init));
      yield;
    }
    result.typed = scratch.state.doc.content.size - size;
  } finally {
    scratch.destroy();
  }
}

/**
 * Rehearses typing for `view`, in idle periods: first on copies of its own state (every
 * plugin's `apply`), then with key events on a scratch view (keymaps, input rules,
 * typography, the transaction and ProseMirror's view update). Nothing of it is kept and
 * nothing is dispatched to `view`. Stops when `view` is destroyed.
 */
export function rehearse(view: EditorView): Promise<RehearsalResult> {
  const result: RehearsalResult = { finished: false, transactions: 0, typed: 0 };
  const steps = (function* () {
    yield* rehearseTransactions(view, result);
    yield* rehearseKeys(view, result);
  })();
  return new Promise((resolve) => {
    const slice = (budget: number): void => {
      const until = performance.now() + budget;
      try {
        do {
          if (view.isDestroyed) {
            steps.return();
            return resolve(result);
          }
          if (steps.next().done) {
            result.finished = true;
            return resolve(result);
          }
        } while (performance.now() < until);
      } catch (error) {
        // A rehearsal that fails costs only its speed-up.
        log.warn('Typing could not be rehearsed', error);
        steps.return();
        return resolve(result);
      }
      whenIdle(slice);
    };
    whenIdle(slice);
  });
}
