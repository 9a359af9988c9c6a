/**
 * ProseMirror, for extensions on a page without a bundler: the modules the editor itself
 * runs (the same copies, so a `Selection` or `Fragment` an extension builds is one the editor
 * accepts). The embed bundle exports it as `pm`, and an extension given as a function gets it:
 *
 * ```js
 * import { pm } from '/node_modules/rich-editor/dist/browser/rich-editor.min.js';
 * const { TextSelection } = pm.state;
 * editor.extensions = [(pm) => ({ name: 'mine', keys: () => ({ … }) })];
 * ```
 *
 * With a bundler, import `prosemirror-*` yourself: the package's dependencies are those
 * modules, so your imports and the editor's resolve to the same copies.
 */
import * as commands from 'prosemirror-commands';
import * as history from 'prosemirror-history';
import * as inputrules from 'prosemirror-inputrules';
import * as keymap from 'prosemirror-keymap';
import * as model from 'prosemirror-model';
import * as state from 'prosemirror-state';
import * as transform from 'prosemirror-transform';
import * as view from 'prosemirror-view';

/** ProseMirror's modules, as the editor runs them. */
export const pm = Object.freeze({ state, model, view, transform, commands, keymap, inputrules, history });

/** The type of `pm`. */
export type ProseMirror = typeof pm;
