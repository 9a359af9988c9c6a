import { wordsOf, type Words } from '../core/strings.js';
import type { EditorHub } from './editor-controller.js';

/** The words of the editor a piece belongs to (the strings table its state holds; English without one). */
export function wordsFor(hub: EditorHub | null | undefined): Words {
  return wordsOf(hub?.view?.state);
}
