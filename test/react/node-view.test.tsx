/**
 * React components as node views (`reactNodeView` from rich-editor/react): a card block with a
 * button and an editable body. Each view is re-rendered only when its own node changes, kept
 * (not remounted) when its attributes change, takes typing in its body, and thousands of them
 * made by one transaction mount without a React warning (the suite fails on console errors).
 * And the shipped details section with its view drawn by React, as docs/extensions.md shows it.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { useEffect } from 'react';
import '../../src/element/index.js';
import type { RichEditor } from '../../src/element/index.js';
import type { EditorExtension } from '../../src/core/extensions/types.js';
import { pm } from '../../src/core/pm.js';
import { details } from '../../src/extensions/details.js';
import { cardBlock } from '../helpers/card-block.js';
import { pressWith } from '../helpers/editor.js';
import { reactNodeView, type ReactNodeViewProps } from '../../src/react/index.js';
import { click, clickAt, textPoint } from '../element/toolbar/helpers.js';
import { until } from '../helpers/until.js';

const renders = new Map<string, number>();
let mounts = 0;

function Card({ node, editable, updateAttributes, contentRef }: ReactNodeViewProps) {
  const label = String(node.attrs.label);
  renders.set(label, (renders.get(label) ?? 0) + 1);
  useEffect(() => {
    mounts++;
  }, []);
  const tone = String(node.attrs.tone);
  return (
    <div className="card-view" data-tone={tone}>
      <div contentEditable={false}>
        <button type="button" disabled={!editable} onClick={() => updateAttributes({ tone: tone === 'calm' ? 'loud' : 'calm' })}>
          {label}: {tone}
        </button>
      </div>
      <div ref={contentRef} className="card-body" />
    </div>
  );
}

const cards = cardBlock(reactNodeView(Card));

const card = (label: string, text = label) => `<section class="card" data-label="${label}" data-tone="calm"><p>${text}</p></section>`;

async function editor(value: string): Promise<RichEditor> {
  const el = await fixture<RichEditor>(html`<rich-editor .extensions=${[cards]} .value=${value} aria-label="Cards"></rich-editor>`);
  await el.updateComplete;
  return el;
}

const views = (el: RichEditor) => el.shadowRoot!.querySelectorAll('.card-view');
const totalRenders = () => [...renders.values()].reduce((sum, n) => sum + n, 0);

describe('a React node view', () => {
  beforeEach(() => {
    renders.clear();
    mounts = 0;
  });

  it('sets attributes from its own button without remounting, and takes typing in its body', async () => {
    const el = await editor(`${card('A', 'Body')}<p>after</p>`);
    await until(() => views(el).length === 1 && mounts === 1, 'the card is mounted');
    const button = el.shadowRoot!.querySelector('.card-view button')!;
    await click(button);
    await until(() => button.textContent === 'A: loud', 'the card shows its new tone');
    expect(el.getHTML()).to.equal('<section class="card" data-label="A" data-tone="loud"><p>Body</p></section><p>after</p>');
    expect(mounts, 'the same component, not a new one').to.equal(1);
    await clickAt(textPoint(el, 'Body', 4));
    await sendKeys({ type: ' text' });
    expect(el.getHTML()).to.equal('<section class="card" data-label="A" data-tone="loud"><p>Body text</p></section><p>after</p>');
    expect(el.shadowRoot!.querySelector('.card-body')!.textContent, 'the body is inside the component').to.equal('Body text');
  });

  it('renders again with editable false when the editor turns read-only, and true when it is editable again', async () => {
    const el = await editor(`${card('A', 'Body')}<p>after</p>`);
    await until(() => views(el).length === 1 && mounts === 1, 'the card is mounted');
    const button = el.shadowRoot!.querySelector<HTMLButtonElement>('.card-view button')!;
    expect(button.disabled).to.equal(false);
    el.readonly = true;
    await until(() => button.disabled, 'the button is off while read-only');
    el.readonly = false;
    await until(() => !button.disabled, 'the button is on again');
    expect(mounts, 'the same component throughout').to.equal(1);
  });

  it('renders no untouched view on a keystroke, and only the touched one when typing inside a card', async () => {
    const labels = Array.from({ length: 40 }, (_, i) => `c${i}`);
    const el = await editor(`<p>start</p>${labels.map((label) => card(label, `text of ${label}`)).join('')}`);
    await until(() => views(el).length === 40 && renders.size === 40, 'every card rendered');
    renders.clear();
    await clickAt(textPoint(el, 'start', 5));
    await sendKeys({ type: 'ing' });
    expect(el.getHTML()).to.contain('<p>starting</p>');
    expect(totalRenders(), 'typing outside the cards renders none of them').to.equal(0);
    await clickAt(textPoint(el, 'text of c3', 10));
    await sendKeys({ type: '!' });
    expect(el.getHTML()).to.contain('<p>text of c3!</p>');
    await until(() => renders.get('c3'), 'the card typed in renders');
    expect([...renders.keys()], 'only the card typed in').to.deep.equal(['c3']);
  });

  it('mounts 2,000 views made by one transaction', async () => {
    const el = await editor('<p>start</p>');
    el.setValue(Array.from({ length: 2000 }, (_, i) => card(`m${i}`)).join(''));
    await until(() => mounts === 2000, 'every view mounted', { timeout: 60_000 });
    expect(views(el).length).to.equal(2000);
  });
});

// The details section drawn by React, as docs/extensions.md writes it ("The details section in
// React"): the shipped extension's nodes, keys, commands and markdown, with a component as the
// section's view.
function Section({ node, editable, updateAttributes, contentRef }: ReactNodeViewProps) {
  const open = node.attrs.open === true;
  return (
    <div className={open ? 'section open' : 'section'}>
      <button
        type="button"
        contentEditable={false}
        aria-expanded={open}
        aria-label="Show or hide the section"
        disabled={!editable}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => updateAttributes({ open: !open })}
      >
        {open ? '▾' : '▸'}
      </button>
      <div ref={contentRef} className="section-body" />
    </div>
  );
}

const shipped = details(pm);
const reactDetails: EditorExtension = {
  ...shipped,
  // The section takes the React view; its summary stays as shipped.
  nodes: shipped.nodes!.map((node) =>
    node.name !== 'details' ? node : {
      ...node,
      nodeView: reactNodeView(Section),
      styles: `
        .content .section { display: flex; gap: 0.25em; }
        .content .section > button { flex: none; border: 0; background: none; color: inherit; cursor: pointer; }
        .content .section-body { flex: 1; min-width: 0; }
        .content .section:not(.open) > .section-body > [data-node-view-content] > :not(:first-child) { display: none; }
      `,
    },
  ),
};

describe('the details section in React (docs/extensions.md)', () => {
  it('opens and closes from its button without remounting, hides its blocks while closed, and keeps the shipped keys and commands', async () => {
    const el = await fixture<RichEditor>(
      html`<rich-editor .extensions=${[reactDetails]} .value=${'<details><summary>Title</summary><p>Inside</p></details><p>after</p>'} aria-label="Notes"></rich-editor>`,
    );
    await el.updateComplete;
    const root = el.shadowRoot!;
    await until(() => root.querySelector('.section button'), 'the section is drawn');
    const button = root.querySelector<HTMLButtonElement>('.section button')!;
    const inside = () => [...root.querySelectorAll('.section-body p')].find((p) => p.textContent === 'Inside')!;
    expect(getComputedStyle(inside()).display, 'closed: its blocks are hidden').to.equal('none');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    await click(button);
    await until(() => button.getAttribute('aria-expanded') === 'true', 'the section shows open');
    expect(el.getHTML()).to.equal('<details open=""><summary>Title</summary><p>Inside</p></details><p>after</p>');
    expect(getComputedStyle(inside()).display, 'open: its blocks show').to.equal('block');
    expect(root.querySelectorAll('.section button')[0], 'the same button: the component was not remounted').to.equal(button);
    await clickAt(textPoint(el, 'Inside', 6));
    await sendKeys({ type: ' text' });
    expect(el.getHTML()).to.equal('<details open=""><summary>Title</summary><p>Inside text</p></details><p>after</p>');
    // The shipped Mod-Enter closes it again; the shipped markdown writes it.
    await pressWith('Enter', 'Control');
    await until(() => button.getAttribute('aria-expanded') === 'false', 'Mod-Enter closes it');
    expect(el.getMarkdown()).to.equal(':::details Title\nInside text\n:::\n\nafter');
    expect(el.run('details.toggle'), "the shipped command runs where the caret is").to.equal(true);
    await until(() => button.getAttribute('aria-expanded') === 'true', 'run() opens it');
  });
});
