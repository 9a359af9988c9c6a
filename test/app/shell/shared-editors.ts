// The app's editors on shared documents, as tests see them: the editor and its text, the status
// line and those present, and a colleague's editor (a provider on the fake collaboration server)
// that types and moves its caret as another person's editor would.
import * as Y from 'yjs';
import type { CollabProvider } from '../../../src/collab/index.js';
import type { RichEditorElement } from '../../../src/react/index.js';
import { until } from './render.js';

/** The editable content of an editor. */
export const textbox = (editor: RichEditorElement) => editor.shadowRoot!.querySelector<HTMLElement>('[role="textbox"]')!;

/** The editor named `name` under `root`, or null. */
export const editorNamed = (root: ParentNode, name: string) =>
  [...root.querySelectorAll<RichEditorElement>('rich-editor')].find((editor) => editor.getAttribute('aria-label') === name) ?? null;

/** What the shared document's status line says (null: there is none). */
export const statusOf = (root: ParentNode) => root.querySelector('.app-editor-status[role="status"]')?.textContent ?? null;

/** The names of the others present, as screen readers hear them. */
export const presentNames = (root: ParentNode) => [...root.querySelectorAll('ul[aria-label="Also here"] > li')].map((item) => item.textContent);

/** Waits until the editor named `name` has its shared document (synced, its content shown) and returns it. */
export async function syncedEditor(root: ParentNode, name: string): Promise<RichEditorElement> {
  const editor = await until(() => editorNamed(root, name), `the editor "${name}"`, 15_000);
  await until(() => root.querySelector<HTMLElement>('.app-editor-status[role="status"]')?.dataset.status === 'synced' && textbox(editor), `"${name}" synced`, {
    saw: () => root.querySelector<HTMLElement>('.app-editor-status')?.dataset.status,
  });
  await editor.updateComplete;
  return editor;
}

/** Whether the page asks before it unloads (a beforeunload listener cancels the event). */
export function unloadPrevented(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** Resolves once a colleague's provider has synced. */
export const colleagueSynced = (provider: CollabProvider) => until(() => provider.current.status === 'synced', "the colleague's editor synced", { saw: () => provider.current });

/** The text of the shared document's first block, as the colleague's editor holds it. */
function firstText(provider: CollabProvider): Y.XmlText {
  const block = provider.fragment.get(0) as Y.XmlElement;
  const text = block.get(0);
  if (!(text instanceof Y.XmlText)) throw new Error(`The first block holds no text: ${provider.fragment.toString()}`);
  return text;
}

/** The colleague types `text` at the end of the first block, as their editor would change the shared document. */
export function colleagueTypes(provider: CollabProvider, text: string): void {
  const target = firstText(provider);
  provider.doc.transact(() => target.insert(target.length, text));
}

/** The colleague's caret at `offset` in the first block, in their presence (as y-prosemirror's cursor shares it). */
export function colleagueCaretAt(provider: CollabProvider, offset: number): void {
  const at = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(firstText(provider), offset));
  provider.awareness.setLocalStateField('cursor', { anchor: at, head: at });
}

/** The colleague's whole text, for checks that what the user typed reached them. */
export const colleagueText = (provider: CollabProvider) => provider.fragment.toDOM().textContent ?? '';
