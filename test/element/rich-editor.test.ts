import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { ENGLISH } from '../../src/core/strings.js';

function content(el: RichEditor): HTMLElement {
  return el.shadowRoot!.querySelector('[role="textbox"]') as HTMLElement;
}

describe('<rich-editor>', () => {
  it('renders its value as an accessible multi-line textbox', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>Hello</p>" aria-label="Notes"></rich-editor>`);
    const box = content(el);
    expect(box.getAttribute('aria-multiline')).to.equal('true');
    expect(box.getAttribute('aria-label')).to.equal('Notes');
    expect(box.textContent).to.equal('Hello');
  });

  it('fires a change event with lazy HTML and JSON when the user types', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>Hi</p>"></rich-editor>`);
    content(el).focus();
    const changed = oneEvent(el, 'rich-editor-change');
    await sendKeys({ press: 'End' });
    await sendKeys({ type: '!' });
    const event = await changed;
    expect(event.detail.html).to.equal('<p>Hi!</p>');
    expect(event.detail.json.type).to.equal('doc');
    expect(el.getHTML()).to.equal('<p>Hi!</p>');
  });

  it('tells assistive technology how to leave an editable editor (Tab indents there), in its words; a viewer says nothing', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>Hello</p>"></rich-editor>`);
    expect(content(el).getAttribute('aria-description')).to.equal(ENGLISH['editor.leaveHint']);
    el.strings = { 'editor.leaveHint': 'Échap puis Tab pour sortir.' };
    await el.updateComplete;
    expect(content(el).getAttribute('aria-description')).to.equal('Échap puis Tab pour sortir.');
    el.readonly = true;
    await el.updateComplete;
    expect(content(el).hasAttribute('aria-description')).to.equal(false);
  });

  it('does not let the user type in read-only mode', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor readonly value="<p>Fixed</p>"></rich-editor>`);
    expect(content(el).getAttribute('contenteditable')).to.equal('false');
    content(el).focus();
    await sendKeys({ type: 'x' });
    expect(el.getHTML()).to.equal('<p>Fixed</p>');
  });

  it('shows an empty paragraph for an empty value', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor readonly></rich-editor>`);
    expect(content(el).querySelectorAll('p').length).to.equal(1);
    expect(el.getHTML()).to.equal('');
  });

  it('replaces its document when value is set and is rebuilt when re-added', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>One</p>"></rich-editor>`);
    el.value = '<h2>Two</h2>';
    await el.updateComplete;
    expect(el.getHTML()).to.equal('<h2>Two</h2>');
    const parent = el.parentElement!;
    el.remove();
    expect(el.editorView).to.equal(null);
    parent.appendChild(el);
    await el.updateComplete;
    expect(content(el).textContent).to.equal('Two');
  });

  it('keeps two editors on one page independent', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div><rich-editor value="<p>A</p>"></rich-editor><rich-editor value="<p>B</p>"></rich-editor></div>`);
    const [first, second] = Array.from(wrapper.querySelectorAll('rich-editor'));
    await first.updateComplete;
    content(first).focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: 'a' });
    expect(first.getHTML()).to.equal('<p>Aa</p>');
    expect(second.getHTML()).to.equal('<p>B</p>');
  });
});
