import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { createRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { callout } from '../../src/extensions/callout.js';
import { reactNodeView, RichEditor, type Features, type ReactNodeViewProps, type RichEditorChangeDetail, type RichEditorElement } from '../../src/react/index.js';
import { cardBlock } from '../helpers/card-block.js';
import { pressWith } from '../helpers/editor.js';
import { until } from '../helpers/until.js';

// React's production build has no act(); flushSync commits a render synchronously.
describe('<RichEditor> (React)', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  const textbox = (el: RichEditorElement) => el.shadowRoot!.querySelector('[role="textbox"]') as HTMLElement;

  it('renders the element with its value and exposes its methods through a ref', async () => {
    const ref = createRef<RichEditorElement>();
    flushSync(() => root.render(<RichEditor ref={ref} value="<p>Hello</p>" placeholder="Write" />));
    await ref.current!.updateComplete;
    expect(ref.current!.tagName).to.equal('RICH-EDITOR');
    expect(textbox(ref.current!).textContent).to.equal('Hello');
    ref.current!.setValue('<h2>Set</h2>');
    expect(ref.current!.getHTML()).to.equal('<h2>Set</h2>');
    expect(ref.current!.getMarkdown()).to.equal('## Set');
  });

  it('takes extensions as a prop: a callout shows, and re-rendering with the same extensions keeps the editor', async () => {
    const ref = createRef<RichEditorElement>();
    const extensions = [callout];
    const value = '<aside class="callout" data-kind="success"><p>Shipped</p></aside>';
    flushSync(() => root.render(<RichEditor ref={ref} extensions={extensions} value={value} />));
    await ref.current!.updateComplete;
    expect(ref.current!.getHTML()).to.equal(value);
    const view = ref.current!.editorView;
    flushSync(() => root.render(<RichEditor ref={ref} extensions={[callout]} value={value} placeholder="Again" />));
    await ref.current!.updateComplete;
    expect(ref.current!.editorView === view, 'a new list of the same extensions builds nothing new').to.equal(true);
    expect(ref.current!.getMarkdown()).to.equal('> [!TIP]\n> Shipped');
  });

  it('keeps the editor when a controlled host writes its extensions inline: each key re-renders it, and the text, caret and undo hold', async () => {
    const ref = createRef<RichEditorElement>();
    let renders = 0;
    function Notes() {
      const [value, setValue] = useState('<section class="card" data-tone="calm"><p>Card</p></section><p>Hello</p>');
      renders++;
      // A new list, new objects and new closures at every render, as a host writes them.
      const extensions = [
        cardBlock(reactNodeView(({ node, contentRef }: ReactNodeViewProps) => <div className="card-view" data-tone={String(node.attrs.tone)}><div ref={contentRef} /></div>)),
        { name: 'shortcuts', keys: () => ({ 'Mod-Alt-9': () => false }) },
      ];
      return <RichEditor ref={ref} extensions={extensions} value={value} onChange={(event) => setValue(event.detail.html)} />;
    }
    flushSync(() => root.render(<Notes />));
    await ref.current!.updateComplete;
    const view = ref.current!.editorView;
    const paragraph = textbox(ref.current!).querySelector(':scope > p')!;
    const box = paragraph.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.right - 2), Math.round(box.top + box.height / 2)] });
    await sendKeys({ press: 'End' });
    // One key, its render, then the rest with no pause: React may batch those keys into one render,
    // so the host re-renders at least twice while the text is typed, whatever the machine's speed.
    const before = renders;
    await sendKeys({ type: ' ' });
    await until(() => renders > before, 'a render for the first key', { saw: () => renders - before });
    const afterFirst = renders;
    await sendKeys({ type: 'world' });
    await until(() => ref.current!.getHTML().endsWith('<p>Hello world</p>'), 'the words in the order typed', { saw: () => ref.current!.getHTML() });
    await until(() => renders > afterFirst, 'a render for the rest', { saw: () => renders - afterFirst });
    expect(ref.current!.editorView === view, 'the same view').to.equal(true);
    // Two undos: the pause for the first key's render may have made it an undo step of its own.
    await pressWith('z', 'Control');
    await pressWith('z', 'Control');
    expect(ref.current!.getHTML(), 'undo takes the typing back').to.equal('<section class="card" data-tone="calm"><p>Card</p></section><p>Hello</p>');
  });

  it('calls onChange with lazy HTML when the user types', async () => {
    const ref = createRef<RichEditorElement>();
    const changes: RichEditorChangeDetail[] = [];
    flushSync(() => root.render(<RichEditor ref={ref} value="<p>a</p>" onChange={(e) => changes.push(e.detail)} />));
    await ref.current!.updateComplete;
    textbox(ref.current!).focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: 'b' });
    expect(changes.length).to.equal(1);
    expect(changes[0].html).to.equal('<p>ab</p>');
  });

  it("brings the editor's menus: typing / in a React-rendered editor opens the slash menu", async () => {
    const ref = createRef<RichEditorElement>();
    flushSync(() => root.render(<RichEditor ref={ref} value="<p></p>" />));
    await ref.current!.updateComplete;
    textbox(ref.current!).focus();
    await sendKeys({ type: '/' });
    // The menus come on demand (focus asks for them): the "/" typed before they arrive opens the menu then.
    await customElements.whenDefined('rich-editor-slash-menu');
    const menu = ref.current!.shadowRoot!.querySelector('rich-editor-slash-menu')!;
    const optionCount = () => menu.querySelectorAll('[role="option"]').length;
    await until(() => optionCount() > 5, 'the slash menu options', { saw: optionCount });
  });

  it('maps readOnly to a read-only viewer and back', async () => {
    const ref = createRef<RichEditorElement>();
    flushSync(() => root.render(<RichEditor ref={ref} value="<p>x</p>" readOnly />));
    await ref.current!.updateComplete;
    expect(textbox(ref.current!).getAttribute('contenteditable')).to.equal('false');
    flushSync(() => root.render(<RichEditor ref={ref} value="<p>x</p>" readOnly={false} />));
    await ref.current!.updateComplete;
    expect(textbox(ref.current!).getAttribute('contenteditable')).to.equal('true');
  });

  it('lets a router handle mention clicks through onMentionClick', async () => {
    const ref = createRef<RichEditorElement>();
    const routed: string[] = [];
    const mention = '<p><span data-type="mention" data-id="u" data-label="Bo" data-redirect-uri="/ws/profile/u">@Bo</span></p>';
    flushSync(() =>
      root.render(
        <RichEditor
          ref={ref}
          value={mention}
          onMentionClick={(e) => {
            e.preventDefault();
            routed.push(e.detail.redirect_uri);
          }}
        />,
      ),
    );
    await ref.current!.updateComplete;
    const rect = textbox(ref.current!).querySelector('.mention')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)] });
    expect(routed).to.deep.equal(['/ws/profile/u']);
  });

  it("takes a feature of its extensions in features, whatever the props' order", async () => {
    const ref = createRef<RichEditorElement>();
    const stamp = { name: 'stamp', feature: 'stamps', slash: [{ id: 'stamp', title: 'Stamp' }] };
    // `features` comes before `extensions` here: the wrapper sets the extensions first.
    const features = { stamps: false } as Features;
    flushSync(() => root.render(<RichEditor ref={ref} features={features} extensions={[stamp]} value="<p></p>" />));
    await ref.current!.updateComplete;
    expect(ref.current!.features).to.equal(features);
    textbox(ref.current!).focus();
    await sendKeys({ type: '/' });
    const menu = ref.current!.shadowRoot!.querySelector('rich-editor-slash-menu')!;
    const ids = () => Array.from(menu.querySelectorAll<HTMLElement>('[role="option"]'), (option) => option.dataset.id);
    await until(() => ids().length > 5, 'the slash menu options', { saw: ids });
    expect(ids()).to.include('heading1').and.not.include('stamp');
  });

  it('types feature names as a closed union, and the theme', () => {
    // Type-checked, never rendered (a misspelt name throws a RangeError at runtime).
    const misspelt = () => (
      // @ts-expect-error: `tablez` is not a feature
      <RichEditor features={{ tablez: false }} />
    );
    const valid = () => <RichEditor features={{ tables: false, slashMenu: false }} theme="dark" />;
    // @ts-expect-error: a theme is light or dark
    const blue = () => <RichEditor theme="blue" />;
    expect([misspelt, valid, blue].length).to.equal(3);
  });

  it("takes the element's attributes as props: theme, defaultValue, required", async () => {
    const ref = createRef<RichEditorElement>();
    const render = (theme: 'light' | 'dark') =>
      flushSync(() => root.render(<RichEditor ref={ref} theme={theme} defaultValue="<p>Start</p>" required name="notes" aria-label="Notes" />));
    render('dark');
    const el = ref.current!;
    await el.updateComplete;
    expect(el.getAttribute('theme')).to.equal('dark');
    // The dark theme's background (#0d101b), whatever the page's colour scheme.
    expect(getComputedStyle(el).backgroundColor).to.equal('rgb(13, 16, 27)');
    expect(el.getHTML()).to.equal('<p>Start</p>');
    expect(el.getAttribute('value'), 'defaultValue is the value attribute').to.equal('<p>Start</p>');
    expect(el.required).to.equal(true);
    render('light');
    await el.updateComplete;
    expect(el.getAttribute('theme')).to.equal('light');
    expect(getComputedStyle(el).backgroundColor).to.equal('rgb(255, 255, 255)');
  });

  it('passes host callbacks as properties', async () => {
    const ref = createRef<RichEditorElement>();
    const suggestions = () => Promise.resolve([]);
    flushSync(() => root.render(<RichEditor ref={ref} mentionSuggestions={suggestions} />));
    await ref.current!.updateComplete;
    expect(ref.current!.mentionSuggestions).to.equal(suggestions);
  });
});
