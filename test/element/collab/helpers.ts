/** Editors on shared documents, and the collaboration test servers (scripts/wtr-collab.mjs). */
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../../src/element/index.js';
import '../../helpers/editing-parts.js';
import type { RichEditor } from '../../../src/element/index.js';
import { connect, type CollabProviderOptions, type CollabState } from '../../../src/collab/index.js';
import { pressWith } from '../../helpers/editor.js';
import { until } from '../../helpers/until.js';

/** A collaboration server for this test; `stop()` in an afterEach. */
export async function startServer(): Promise<{ id: number; url: string; stop(): Promise<void> }> {
  const { id, url } = (await executeServerCommand('collab-start')) as { id: number; url: string };
  return { id, url, stop: async () => void (await executeServerCommand('collab-stop', { id })) };
}

/** A started collaboration test server. */
export type CollabTestServer = Awaited<ReturnType<typeof startServer>>;

/**
 * Starts a collaboration server before each test of the describe it is called in (handed to
 * `started`) and, after each, closes the editors in `editors` and stops it.
 */
export function serverPerTest(editors: SharedEditor[], started: (server: CollabTestServer) => void): void {
  let server: CollabTestServer | null = null;
  beforeEach(async () => {
    server = await startServer();
    started(server);
  });
  afterEach(async () => {
    closeAll(editors.splice(0));
    await server?.stop();
    server = null;
  });
}

/** What a test knows of one editor on a shared document. */
export interface SharedEditor {
  el: RichEditor;
  /** Every status event it fired. */
  states: CollabState[];
  /** The editable content. */
  content: HTMLElement;
}

/** A `<rich-editor>` editing `document` on `url` as `user` (`viewer-…` reads only; `ann-tab2` is Ann in another tab). */
export async function sharedEditor(url: string, user: string, document = 'page:1', extra: Partial<RichEditor> = {}, options: Partial<CollabProviderOptions> = {}): Promise<SharedEditor> {
  const states: CollabState[] = [];
  const el = await fixture<RichEditor>(html`<rich-editor aria-label=${`Editor of ${user}`} @rich-editor-collab-status=${(event: CustomEvent<CollabState>) => states.push(event.detail)}></rich-editor>`);
  Object.assign(el, extra);
  const person = user.replace(/-tab\d+$/, '');
  el.collaboration = { provider: connect({ url, document, token: user, ...options }), user: { id: person, name: person[0].toUpperCase() + person.slice(1) } };
  await el.updateComplete;
  await until(() => el.collaboration?.provider.current.status === 'synced' && el.editorView?.editable === !user.startsWith('viewer'), `${user}'s editor synced`, {
    saw: () => ({ status: el.collaboration?.provider.current, editable: el.editorView?.editable }),
  });
  return { el, states, content: el.shadowRoot!.querySelector('[role="textbox"]') as HTMLElement };
}

/** Waits until every editor shows the same text, containing each of `texts`. */
export async function converged(editors: SharedEditor[], texts: string[]): Promise<void> {
  await until(
    () => {
      const shown = editors.map(({ el }) => el.editorView!.state.doc.textContent);
      return shown.every((text) => text === shown[0]) && texts.every((text) => shown[0].includes(text));
    },
    `the editors to show the same text with ${texts.join(', ')}`,
    // Each editor's text, and how its connection stands (a wait that gives up says whether it was offline or waiting to send).
    { saw: () => editors.map(({ el }) => ({ text: el.editorView!.state.doc.textContent, ...el.collaboration?.provider.current })) },
  );
}

/** Destroys the editors' providers (the fixtures leave with the test). */
export function closeAll(editors: SharedEditor[]): void {
  for (const { el } of editors) el.collaboration?.provider.destroy();
}

/**
 * Presses Ctrl+Z in `editor` until its text is `target`: once for typing that came in quick
 * succession, more often when its keys came further apart than the undo manager's grouping delay
 * (a busy machine), at most `most` times. After each press the text still holds `kept`: undo
 * never takes another's text.
 */
export async function undoUntil(editor: SharedEditor, target: string, { kept, most }: { kept: string; most: number }): Promise<void> {
  const text = () => editor.el.editorView!.state.doc.textContent;
  for (let presses = 0; presses < most && text() !== target; presses++) {
    const before = text();
    await pressWith('z', 'Control');
    await until(() => text() !== before, 'an undo step', { saw: text });
    expect(text(), 'after an undo').to.contain(kept);
  }
  expect(text()).to.equal(target);
}
