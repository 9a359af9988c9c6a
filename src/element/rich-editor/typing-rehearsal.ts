import { Plugin } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { log } from '../../core/log.js';
import type { RehearsalResult } from './rehearse-typing.js';

export type { RehearsalResult } from './rehearse-typing.js';

/** Documents at least this many top-level blocks long are rehearsed; in shorter ones a cold keystroke still fits in a frame. */
export const REHEARSAL_MIN_BLOCKS = 1000;

/** The rehearsal each view ran, for tests and diagnostics. */
const rehearsals = new WeakMap<EditorView, Promise<RehearsalResult>>();

/** The rehearsal started for `view`, or null when none was (a short document, read-only, not focused yet). */
export function typingRehearsal(view: EditorView): Promise<RehearsalResult> | null {
  return rehearsals.get(view) ?? null;
}

/** Loads the rehearsal's chunk and runs it for `view`; a failure costs only the speed-up. */
function start(view: EditorView): Promise<RehearsalResult> {
  return import('./rehearse-typing.js')
    .then((module) => module.rehearse(view))
    .catch((error: unknown) => {
      log.warn('Typing could not be rehearsed', error);
      return { finished: false, transactions: 0, typed: 0 };
    });
}

/**
 * The first keystrokes in an editor run code V8 has not run yet: it compiles it, runs it
 * without type feedback, then optimises it. In a long document that pushes the first keys
 * past a frame (at 10,000 blocks the first two took 25 and 19 ms of JavaScript, the keys
 * after them 6-7). When the editor of a long document first gains focus, this
 * plugin loads the rehearsal (its own chunk) and rehearses typing in idle time (see
 * `rehearse` in rehearse-typing.ts), so the user's first keys run optimised code.
 */
export function typingRehearsalPlugin(): Plugin {
  return new Plugin({
    view(view) {
      const onFocus = (): void => {
        if (!view.editable || view.state.doc.childCount < REHEARSAL_MIN_BLOCKS || rehearsals.has(view)) return;
        view.dom.removeEventListener('focus', onFocus);
        rehearsals.set(view, start(view));
      };
      view.dom.addEventListener('focus', onFocus);
      if (view.hasFocus()) onFocus();
      return { destroy: () => view.dom.removeEventListener('focus', onFocus) };
    },
  });
}
