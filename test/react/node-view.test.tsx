/**
 * React components as node views (`reactNodeView` from rich-editor/react): a card block with a
 * button and an editable body. Each view is re-rendered only when its own node changes, kept
 * (not remounted) when its attributes change, takes typing in its body, and thousands of them
 * made by one transaction mount without a React warning (the suite fails on console errors).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { useEffect } from 'react';
import '../../src/element/index.js';
import type { RichEditor } from '../../src/element/index.js';
import { cardBlock } from '../helpers/card-block.js';
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
