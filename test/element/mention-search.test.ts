/**
 * `mentionSearch`: the host's own search, used instead of `mentionSuggestions`. It is
 * asked once typing pauses, each newer query aborts the older request, its answer is
 * listed as returned (the generic `{ id, label, description }` shape or the spec's), and
 * a failure is only logged. `mentionSuggestions` keeps the spec's title-prefix filter.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { MENTION_SEARCH_DELAY, type MentionItem, type MentionSearch, type MentionSpecItem } from '../../src/core/plugins/mention.js';
import type { RichEditorListboxOption } from '../../src/element/listbox/listbox-option.component.js';
import { nextTask } from '../helpers/editor.js';
import { content } from '../helpers/element-ui.js';
import { installFakeClock, type FakeClock } from '../helpers/fake-clock.js';
import { captureLog } from '../helpers/log.js';
import { until } from '../helpers/until.js';

/** The people on the fake server, in the generic shape. */
const MEMBERS: MentionItem[] = [
  { id: 'u1', label: 'Alice Liddell', description: 'alice@example.com' },
  { id: 'u2', label: 'Bob Stone' },
];

/** The fake server's matching: any word of the name, or the e-mail address, containing the query. */
function serverMatch(query: string): MentionItem[] {
  const q = query.toLowerCase();
  return MEMBERS.filter((m) => {
    const item = m as { label: string; description?: string };
    return item.label.toLowerCase().split(/\s+/).some((word) => word.includes(q)) || (item.description ?? '').toLowerCase().includes(q);
  });
}

/** A fake host search whose calls the test answers by hand, in any order; it ignores its signal, like a host that cannot cancel. */
function heldSearch() {
  const calls: Array<{ query: string; signal: AbortSignal; resolve: (items: MentionItem[]) => void; reject: (error: unknown) => void }> = [];
  const search: MentionSearch = (query, { signal }) => new Promise((resolve, reject) => calls.push({ query, signal, resolve, reject }));
  return { calls, search };
}

function spec(id: string, title: string): MentionSpecItem {
  return { id, title, entity_identifier: `user-${id}`, entity_name: 'user_mention', redirect_uri: `/people/${id}` };
}

function list(el: RichEditor) {
  return el.shadowRoot!.querySelector('rich-editor-mention-list')!;
}

function status(el: RichEditor): string | null {
  return list(el).shadowRoot!.querySelector('[part="mention-list"] [role="status"]')?.textContent ?? null;
}

function options(el: RichEditor): RichEditorListboxOption[] {
  return Array.from(list(el).querySelectorAll<RichEditorListboxOption>('[role="option"]'));
}

/** The listed options as the user reads them: label, and description when there is one. */
function shown(el: RichEditor): string[] {
  return options(el).map((option) => {
    const root = option.shadowRoot!;
    const label = root.querySelector('.label')?.textContent ?? '';
    const description = root.querySelector('.description')?.textContent;
    return description ? `${label} | ${description}` : label;
  });
}

async function listed(el: RichEditor, expected: string[], message: string): Promise<void> {
  await until(() => JSON.stringify(shown(el)) === JSON.stringify(expected), `${message}: listed ${JSON.stringify(shown(el))}`);
}

async function openEditor(props: { search?: MentionSearch; suggestions?: (query: string) => Promise<MentionItem[]> }): Promise<RichEditor> {
  const el = await fixture<RichEditor>(
    html`<rich-editor value="<p>Hi </p>" .mentionSearch=${props.search} .mentionSuggestions=${props.suggestions} aria-label="Notes"></rich-editor>`,
  );
  content(el).focus();
  await sendKeys({ press: 'End' });
  return el;
}

describe('mentionSearch', () => {
  let fakeClock: FakeClock | null = null;
  afterEach(() => {
    fakeClock?.uninstall();
    fakeClock = null;
  });

  it('lists what the host search found (by surname or e-mail) with its description, and Enter inserts it', async () => {
    const queries: string[] = [];
    const el = await openEditor({
      search: async (query) => {
        queries.push(query);
        return serverMatch(query);
      },
    });
    await sendKeys({ type: '@lidd' });
    // Typing can pause long enough for a search on the way ("li"); the one that counts is the last.
    await until(() => queries[queries.length - 1] === 'lidd' && status(el) === '', 'the search for "lidd" answered');
    await listed(el, ['Alice Liddell | alice@example.com'], 'Alice is found by her surname');
    expect(status(el)).to.equal('');
    await sendKeys({ press: 'Enter' });
    await until(() => el.getHTML().includes('data-type="mention"'), 'the mention was inserted');
    const mention = el.getHTML();
    expect(mention).to.include('data-label="Alice Liddell"');
    expect(mention).to.include('data-id="u1"');
    expect(mention).to.equal(
      '<p>Hi <span data-type="mention" class="mention" data-id="u1" data-label="Alice Liddell" data-target="users" data-self="false" ' +
        'data-redirect-uri="/" data-entity-identifier="u1" data-entity-name="user_mention">@Alice Liddell</span> </p>',
    );
  });

  it('finds by e-mail, and keeps the host order without filtering by prefix', async () => {
    const el = await openEditor({ search: async (query) => [...serverMatch(query)].reverse() });
    await sendKeys({ type: '@example' });
    await listed(el, ['Alice Liddell | alice@example.com'], 'found by e-mail');
    await sendKeys({ press: 'Escape' });
    await sendKeys({ type: ' @' });
    await listed(el, ['Bob Stone', 'Alice Liddell | alice@example.com'], 'the host order');
  });

  it('asks the search once typing pauses, and only for the last query', async () => {
    const host = heldSearch();
    const el = await openEditor({ search: host.search });
    const clock = (fakeClock = installFakeClock());
    // The editor has each key once the text is in the document: the pause starts there.
    await sendKeys({ type: '@li' });
    await until(() => el.getHTML() === '<p>Hi @li</p>' && status(el) === 'Loading...', 'the list waits for the search', { saw: () => [el.getHTML(), status(el)] });
    clock.tick(MENTION_SEARCH_DELAY - 1);
    // Each keystroke starts the pause again: "dd" comes a millisecond before it ends.
    await sendKeys({ type: 'dd' });
    await until(() => el.getHTML() === '<p>Hi @lidd</p>', '"dd" typed', { saw: () => el.getHTML() });
    clock.tick(MENTION_SEARCH_DELAY - 1);
    expect(host.calls.map((call) => call.query), 'not asked while typing goes on').to.deep.equal([]);
    clock.tick(1);
    expect(host.calls.map((call) => call.query), 'asked once the pause is over').to.deep.equal(['lidd']);
    expect(host.calls[0].signal.aborted).to.equal(false);
    expect(status(el)).to.equal('Loading...');
    host.calls[0].resolve(serverMatch('lidd'));
    await listed(el, ['Alice Liddell | alice@example.com'], 'the answer for "lidd"');
  });

  it('aborts a request the query moved past, and never lists its late answer', async () => {
    const logged = captureLog();
    try {
      const host = heldSearch();
      const el = await openEditor({ search: host.search });
      await sendKeys({ type: '@b' });
      await until(() => host.calls.at(-1)?.query === 'b', 'the search was asked for "b"');
      const older = host.calls.at(-1)!;
      await sendKeys({ type: 'o' });
      // The older request is aborted as soon as the query changes, before the newer is asked.
      expect(older.signal.aborted).to.equal(true);
      await until(() => host.calls.at(-1)?.query === 'bo', 'the search was asked for "bo"');
      const newer = host.calls.at(-1)!;
      // An old answer arriving first is ignored: the list still waits for "bo". The answer is
      // handled a few promise steps later; they have all run by the next task.
      older.resolve([{ id: 'u9', label: 'Bea Old' }]);
      await nextTask();
      await list(el).updateComplete;
      expect(status(el)).to.equal('Loading...');
      expect(shown(el)).to.deep.equal([]);
      newer.resolve(serverMatch('bo'));
      await listed(el, ['Bob Stone'], 'the answer for "bo"');
      // A superseded request that fails afterwards is not a failure to log.
      older.reject(new DOMException('The operation was aborted.', 'AbortError'));
      await nextTask();
      await list(el).updateComplete;
      expect(shown(el)).to.deep.equal(['Bob Stone']);
      expect(logged.entries).to.deep.equal([]);
    } finally {
      logged.restore();
    }
  });

  it('aborts the request in flight when the list closes or the editor is removed', async () => {
    const host = heldSearch();
    const el = await openEditor({ search: host.search });
    await sendKeys({ type: '@al' });
    await until(() => host.calls.at(-1)?.query === 'al', 'the search was asked');
    const closed = host.calls.at(-1)!;
    await sendKeys({ press: 'Escape' });
    expect(closed.signal.aborted).to.equal(true);
    await sendKeys({ type: ' @bo' });
    await until(() => host.calls.at(-1)?.query === 'bo', 'the search was asked again');
    const removed = host.calls.at(-1)!;
    expect(removed.signal.aborted).to.equal(false);
    el.remove();
    expect(removed.signal.aborted).to.equal(true);
  });

  it('a rejected search shows "No results" and is only logged', async () => {
    const logged = captureLog();
    try {
      const el = await openEditor({});
      const failure = new Error('network down');
      // Set after the editor was created: the callback is read when used.
      el.mentionSearch = () => Promise.reject(failure);
      const clock = (fakeClock = installFakeClock());
      // Time stands still while '@x' is typed, so the pause ends once, for "x", and one search runs.
      await sendKeys({ type: '@x' });
      await until(() => el.getHTML() === '<p>Hi @x</p>' && status(el) === 'Loading...', 'the list waits for the search', { saw: () => [el.getHTML(), status(el)] });
      clock.tick(MENTION_SEARCH_DELAY);
      await until(() => status(el) === 'No results', 'no results after the failure', { saw: () => status(el) });
      expect(shown(el)).to.deep.equal([]);
      // The rejected search is logged once, as an error carrying the failure (never thrown).
      expect(logged.entries.map((entry) => [entry.level, entry.cause])).to.deep.equal([['error', failure]]);
      expect(el.getHTML()).to.equal('<p>Hi @x</p>');
    } finally {
      logged.restore();
    }
  });

  it('spec-shaped items from the search insert the same mention as from mentionSuggestions', async () => {
    const bob = spec('u2', 'Bob Stone');
    const expected =
      '<p>Hi <span data-type="mention" class="mention" data-id="u2" data-label="Bob Stone" data-target="users" data-self="false" ' +
      'data-redirect-uri="/people/u2" data-entity-identifier="user-u2" data-entity-name="user_mention">@Bob Stone</span> </p>';

    const suggested = await openEditor({ suggestions: async () => [bob] });
    await sendKeys({ type: '@bo' });
    await listed(suggested, ['Bob Stone'], 'suggested');
    await sendKeys({ press: 'Enter' });
    expect(suggested.getHTML()).to.equal(expected);

    const searched = await openEditor({ search: async () => [bob] });
    // Not a prefix of the title: the host's search decides what matches.
    await sendKeys({ type: '@stone' });
    await listed(searched, ['Bob Stone'], 'searched');
    await sendKeys({ press: 'Enter' });
    expect(searched.getHTML()).to.equal(expected);
  });
});

describe('mentionSuggestions (without mentionSearch)', () => {
  it('lists only the people whose title starts with the query, ignoring case', async () => {
    const queries: string[] = [];
    const el = await openEditor({
      suggestions: async (query) => {
        queries.push(query);
        return [spec('u1', 'Alice Liddell'), spec('u3', 'Lidia Park')];
      },
    });
    await sendKeys({ type: '@lid' });
    await listed(el, ['Lidia Park'], 'Lidia, not Alice, for "lid"');
    await sendKeys({ type: 'd' });
    await until(() => status(el) === 'No results', 'nobody\'s title starts with "lidd"');
    expect(shown(el)).to.deep.equal([]);
    // Asked on every keystroke, without a pause.
    expect(queries).to.deep.equal(['', 'l', 'li', 'lid', 'lidd']);
    await sendKeys({ press: 'Escape' });
    await sendKeys({ type: ' @ALI' });
    await listed(el, ['Alice Liddell'], 'Alice for "ALI"');
  });

  it('generic items are filtered by their label', async () => {
    const el = await openEditor({ suggestions: async () => MEMBERS });
    await sendKeys({ type: '@bo' });
    await listed(el, ['Bob Stone'], 'Bob for "bo"');
  });
});
