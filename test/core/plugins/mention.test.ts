import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { TextSelection } from 'prosemirror-state';
import { mentionKey, mentionPlugin, selectMention, type MentionItem, type MentionState } from '../../../src/core/plugins/mention.js';
import { captureLog } from '../../helpers/log.js';
import { mountEditor, nextFrame, type TestEditor } from '../../helpers/editor.js';

function person(title: string, extra: Partial<MentionItem> = {}): MentionItem {
  const id = title.toLowerCase().replace(/\W+/g, '-');
  return { id, title, entity_identifier: `user-${id}`, entity_name: 'user_mention', redirect_uri: `/acme/profile/${id}`, ...extra };
}

const PEOPLE = [person('Alice Adams'), person('alan Turing'), person('Bob Stone'), person('Malice Smith')];

/** A fake host search whose answers the test releases by hand, in any order. */
function fakeHost() {
  const calls: Array<{ query: string; resolve: (items: MentionItem[]) => void; reject: (error: unknown) => void }> = [];
  const suggestions = (query: string) =>
    new Promise<MentionItem[]>((resolve, reject) => {
      calls.push({ query, resolve, reject });
    });
  return { calls, suggestions, last: () => calls[calls.length - 1] };
}

describe('mention picker', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  const picker = (): MentionState => mentionKey.getState(editor!.view.state)!;
  const titles = () => picker().items.map((item) => item.label);
  const type = (text: string) => sendKeys({ type: text });
  const press = (key: string) => sendKeys({ press: key });
  /** Lets settled promises run and their dispatches land. */
  const settle = async () => {
    await Promise.resolve();
    await nextFrame();
  };

  function mount(host: ReturnType<typeof fakeHost>, html = '<p></p>', caret?: number): TestEditor {
    editor = mountEditor(html, { plugins: [mentionPlugin({ suggestions: host.suggestions })], caret });
    return editor;
  }

  it('opens on @ at the start of a block, loading, and asks the host for the empty query', async () => {
    const host = fakeHost();
    mount(host);
    await type('@');
    expect(picker()).to.include({ open: true, query: '', loading: true, highlighted: 0 });
    expect(picker().items).to.deep.equal([]);
    expect(picker().range).to.deep.equal({ from: 1, to: 2 });
    expect(host.calls.map((c) => c.query)).to.deep.equal(['']);
  });

  it('shows the host answers once they arrive', async () => {
    const host = fakeHost();
    mount(host);
    await type('@');
    host.last().resolve(PEOPLE);
    await settle();
    expect(picker().loading).to.equal(false);
    expect(titles()).to.deep.equal(['Alice Adams', 'alan Turing', 'Bob Stone', 'Malice Smith']);
  });

  it('opens after a space but not inside a word (an e-mail address)', async () => {
    const host = fakeHost();
    mount(host, '<p>mail</p>');
    await type('@');
    expect(picker().open).to.equal(false);
    await type(' @');
    expect(picker().open).to.equal(true);
  });

  it('does not open in a code block', async () => {
    const host = fakeHost();
    mount(host, '<pre><code>x </code></pre>');
    await type('@');
    expect(picker().open).to.equal(false);
    expect(host.calls).to.deep.equal([]);
  });

  it('asks again on each query change and filters by a case-insensitive title prefix, not a substring', async () => {
    const host = fakeHost();
    mount(host);
    await type('@AL');
    expect(host.calls.map((c) => c.query)).to.deep.equal(['', 'A', 'AL']);
    expect(picker()).to.include({ query: 'AL', loading: true });
    // A host that ignores the query still only gets prefix matches shown: not "Malice Smith".
    host.last().resolve(PEOPLE);
    await settle();
    expect(titles()).to.deep.equal(['Alice Adams', 'alan Turing']);
  });

  it('drops an answer for an older query that arrives after the newer one', async () => {
    const host = fakeHost();
    mount(host);
    await type('@a');
    await type('l');
    const [, older, newer] = host.calls;
    expect([older.query, newer.query]).to.deep.equal(['a', 'al']);
    newer.resolve([person('Alice Adams')]);
    await settle();
    expect(titles()).to.deep.equal(['Alice Adams']);
    older.resolve([person('Alan Older'), person('Alice Adams')]);
    await settle();
    expect(titles()).to.deep.equal(['Alice Adams']);
    expect(picker().loading).to.equal(false);
  });

  it('drops an older answer that arrives while the newer is still loading', async () => {
    const host = fakeHost();
    mount(host);
    await type('@b');
    await type('o');
    host.calls[1].resolve([person('Bea Old')]);
    await settle();
    expect(picker()).to.include({ query: 'bo', loading: true });
    expect(titles()).to.deep.equal([]);
  });

  it('logs a rejected search and shows no results', async () => {
    const logged = captureLog();
    try {
      const host = fakeHost();
      mount(host);
      await type('@x');
      const failure = new Error('network down');
      host.last().reject(failure);
      await settle();
      expect(picker()).to.include({ open: true, loading: false });
      expect(picker().items).to.deep.equal([]);
      expect(logged.entries).to.have.length(1);
      expect(logged.entries[0].level).to.equal('error');
      expect(logged.entries[0].cause).to.equal(failure);
    } finally {
      logged.restore();
    }
  });

  it('moves the highlight with the arrows and wraps around', async () => {
    const host = fakeHost();
    mount(host);
    await type('@');
    host.last().resolve(PEOPLE.slice(0, 3));
    await settle();
    await press('ArrowUp');
    expect(picker().highlighted).to.equal(2);
    await press('ArrowDown');
    expect(picker().highlighted).to.equal(0);
    await press('ArrowDown');
    expect(picker().highlighted).to.equal(1);
  });

  it('Enter replaces @query with a mention node with the exact attributes, then a space', async () => {
    const host = fakeHost();
    mount(host, '<p>hi </p>');
    await type('@bo');
    host.last().resolve(PEOPLE);
    await settle();
    await press('Enter');
    const paragraph = editor!.view.state.doc.firstChild!;
    expect(paragraph.childCount).to.equal(3);
    expect(paragraph.child(0).text).to.equal('hi ');
    const mention = paragraph.child(1);
    expect(mention.type.name).to.equal('mention');
    expect(mention.attrs).to.deep.equal({
      id: 'bob-stone',
      label: 'Bob Stone',
      target: 'users',
      self: false,
      redirect_uri: '/acme/profile/bob-stone',
      entity_identifier: 'user-bob-stone',
      entity_name: 'user_mention',
    });
    expect(paragraph.child(2).text).to.equal(' ');
    expect(picker().open).to.equal(false);
    await type('next');
    expect(editor!.view.state.doc.firstChild!.textContent).to.equal('hi @Bob Stone next');
  });

  it('a mention chosen in bold text is bold, as the query typed there was, and typing goes on in bold', async () => {
    const host = fakeHost();
    mount(host, '<p><strong>ask </strong>plain</p>', 5);
    await type('@bo');
    host.last().resolve(PEOPLE);
    await settle();
    await press('Enter');
    await type('now');
    const paragraph = editor!.view.state.doc.firstChild!;
    expect(paragraph.child(1).type.name).to.equal('mention');
    expect(paragraph.child(1).marks.map((mark) => mark.type.name)).to.deep.equal(['bold']);
    expect(paragraph.child(2).text).to.equal(' now');
    expect(paragraph.child(2).marks.map((mark) => mark.type.name)).to.deep.equal(['bold']);
    expect(paragraph.child(3).text).to.equal('plain');
    expect(paragraph.child(3).marks).to.deep.equal([]);
  });

  it('Enter picks the arrowed-to suggestion', async () => {
    const host = fakeHost();
    mount(host);
    await type('@');
    host.last().resolve(PEOPLE);
    await settle();
    await press('ArrowDown');
    await press('Enter');
    expect(editor!.view.state.doc.firstChild!.child(0).attrs.label).to.equal('alan Turing');
  });

  it('an unsafe redirect address from the host is cleaned, not inserted', async () => {
    const host = fakeHost();
    mount(host);
    await type('@');
    host.last().resolve([person('Eve', { redirect_uri: 'javascript:alert(1)' })]);
    await settle();
    await press('Enter');
    expect(editor!.view.state.doc.firstChild!.child(0).attrs.redirect_uri).to.not.match(/javascript/i);
  });

  it('Escape closes with a meta-only transaction and later answers are ignored', async () => {
    const host = fakeHost();
    mount(host);
    await type('@al');
    const before = editor!.view.state.doc;
    await press('Escape');
    expect(picker().open).to.equal(false);
    expect(editor!.view.state.doc).to.equal(before);
    host.last().resolve(PEOPLE);
    await settle();
    expect(picker().open).to.equal(false);
    await type('x');
    expect(picker().open).to.equal(false);
  });

  it('a space closes the picker', async () => {
    const host = fakeHost();
    mount(host);
    await type('@al ');
    expect(picker().open).to.equal(false);
  });

  it('closes when the @ is deleted or the caret leaves the range', async () => {
    const host = fakeHost();
    mount(host, '<p>ab </p>');
    await type('@');
    await press('Backspace');
    expect(picker().open).to.equal(false);
    await type('@x');
    expect(picker().open).to.equal(true);
    const { view } = editor!;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 2)));
    expect(picker().open).to.equal(false);
  });

  it('closes when the editor loses focus', async () => {
    const host = fakeHost();
    mount(host);
    await type('@a');
    editor!.view.dom.blur();
    expect(picker().open).to.equal(false);
  });

  it('with no suggestions, Enter is an ordinary Enter', async () => {
    const host = fakeHost();
    mount(host);
    await type('@zz');
    host.last().resolve([]);
    await settle();
    expect(picker()).to.include({ open: true, loading: false });
    await press('Enter');
    expect(editor!.view.state.doc.childCount).to.equal(2);
    expect(picker().open).to.equal(false);
  });

  it('selectMention inserts by index (what a click does)', async () => {
    const host = fakeHost();
    mount(host);
    await type('@');
    host.last().resolve(PEOPLE);
    await settle();
    const { view } = editor!;
    expect(selectMention(2)(view.state)).to.equal(true);
    selectMention(2)(view.state, view.dispatch);
    expect(view.state.doc.firstChild!.child(0).attrs.label).to.equal('Bob Stone');
  });
});
