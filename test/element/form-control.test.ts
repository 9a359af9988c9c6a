import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { ENGLISH } from '../../src/core/strings.js';
import { fr } from '../../src/locales/fr.js';
import { pressWith } from '../helpers/editor.js';
import { centre, content } from '../helpers/element-ui.js';

/** Clicks the end of the editor's last text (or its middle when it is empty), as a user starts typing. */
async function clickInto(el: RichEditor): Promise<void> {
  const box = content(el);
  const last = box.lastElementChild as HTMLElement | null;
  if (last?.textContent) {
    const rect = last.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.right - 2), Math.round(rect.top + rect.height / 2)] });
    await sendKeys({ press: 'End' });
  } else {
    await sendMouse({ type: 'click', position: centre(box) });
  }
}

/** Clicks a control outside the editor, so focus leaves it as a user's click does. */
async function clickAway(target: HTMLElement): Promise<void> {
  await sendMouse({ type: 'click', position: centre(target) });
}

/** Counts the events of each name that reach `target`. */
function countEvents(target: EventTarget, names: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of names) {
    counts[name] = 0;
    target.addEventListener(name, () => counts[name]++);
  }
  return counts;
}

/** Whether focus is in the editor's content. */
function focusedInContent(el: RichEditor): boolean {
  return document.activeElement === el && el.shadowRoot!.activeElement === content(el);
}

afterEach(() => resetMouse());

describe('<rich-editor> as a form control', () => {
  // A test page's frame goes with its test, even one that timed out (it would cover the next test's clicks).
  let frame: HTMLIFrameElement | null = null;
  afterEach(() => {
    frame?.remove();
    frame = null;
  });

  it('submits the typed content under its name', async () => {
    const form = await fixture<HTMLFormElement>(html`<form>
      <rich-editor name="description"></rich-editor>
      <button type="submit">Save</button>
    </form>`);
    const el = form.querySelector('rich-editor')!;
    await el.updateComplete;
    let submitted: FormData | null = null;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted = new FormData(form);
    });
    await clickInto(el);
    await sendKeys({ type: 'Fix the login page' });
    await clickAway(form.querySelector('button')!);
    expect(submitted).to.not.equal(null);
    expect(submitted!.get('description')).to.equal('<p>Fix the login page</p>');
  });

  it('reads back the current content as its value, not the value it was given', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>Start</p>"></rich-editor>`);
    expect(el.value).to.equal('<p>Start</p>');
    await clickInto(el);
    await sendKeys({ type: ' here' });
    expect(el.value).to.equal('<p>Start here</p>');
    expect(el.value).to.equal(el.getHTML());
    expect(el.getAttribute('value')).to.equal('<p>Start</p>');
    el.value = '<h1>Replaced</h1>';
    expect(el.value).to.equal('<h1>Replaced</h1>');
    expect(content(el).querySelector('h1')?.textContent).to.equal('Replaced');
  });

  it('keeps the typing when given the same value again, as a framework re-rendering does', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor></rich-editor>`);
    el.value = '<p>Start</p>';
    await clickInto(el);
    await sendKeys({ type: ' typed' });
    el.value = '<p>Start</p>';
    expect(el.value).to.equal('<p>Start typed</p>');
    el.setValue('<p>Taken from the server</p>');
    el.value = '<p>Start</p>';
    expect(el.value).to.equal('<p>Taken from the server</p>');
  });

  it('resets to its value attribute with its form, firing no change', async () => {
    const form = await fixture<HTMLFormElement>(html`<form>
      <rich-editor name="description" value="<p>Start</p>"></rich-editor>
      <button type="button">Elsewhere</button>
    </form>`);
    const el = form.querySelector('rich-editor')!;
    await el.updateComplete;
    const counts = countEvents(el, ['change', 'input']);
    await clickInto(el);
    await sendKeys({ type: ' here' });
    expect(counts.input).to.equal(5);
    form.reset();
    expect(el.value).to.equal('<p>Start</p>');
    expect(new FormData(form).get('description')).to.equal('<p>Start</p>');
    await clickAway(form.querySelector('button')!);
    expect(counts).to.deep.equal({ change: 0, input: 5 });
  });

  it('resets to the value it first rendered when it has no value attribute', async () => {
    const el = document.createElement('rich-editor');
    el.name = 'description';
    el.value = '<p>From the host</p>';
    const form = await fixture<HTMLFormElement>(html`<form>${el}</form>`);
    await el.updateComplete;
    await clickInto(el);
    await sendKeys({ type: '!' });
    expect(el.value).to.equal('<p>From the host!</p>');
    form.reset();
    expect(el.value).to.equal('<p>From the host</p>');
  });

  it('gets its typed value back when the user comes back to the page', async () => {
    const page = (frame = document.createElement('iframe'));
    // At the page's top left corner, so the frame's coordinates are the page's for sendMouse.
    page.style.cssText = 'width: 600px; height: 300px; border: 0; position: fixed; top: 0; left: 0;';
    document.body.appendChild(page);
    const loaded = () => new Promise<void>((resolve) => page.addEventListener('load', () => resolve(), { once: true }));
    const editorIn = async (): Promise<RichEditor> => {
      const win = page.contentWindow!;
      await win.customElements.whenDefined('rich-editor');
      const el = page.contentDocument!.querySelector('rich-editor') as RichEditor;
      await el.updateComplete;
      return el;
    };
    let load = loaded();
    page.src = '/test/fixtures/form/restore.html';
    await load;
    const el = await editorIn();
    await clickInto(el);
    await sendKeys({ type: ' again' });
    expect(el.value).to.equal('<p>Start again</p>');
    // The user leaves the field, then the page.
    el.blur();
    load = loaded();
    page.contentWindow!.location.href = 'about:blank';
    await load;
    // Back in the frame: a new document, whose form the browser restores (bfcache is for top-level pages).
    load = loaded();
    page.contentWindow!.history.back();
    await load;
    const restored = await editorIn();
    expect(restored === el).to.equal(false);
    expect(restored.value).to.equal('<p>Start again</p>');
  });

  it('is invalid while required and empty, with the message from the strings, and follows typing', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><rich-editor name="description" required></rich-editor></form>`);
    const el = form.querySelector('rich-editor')!;
    await el.updateComplete;
    expect(el.willValidate).to.equal(true);
    expect(el.validity!.valueMissing).to.equal(true);
    expect(el.validationMessage).to.equal('Please fill out this field.');
    expect(el.checkValidity()).to.equal(false);
    expect(el.matches(':invalid')).to.equal(true);
    expect(form.checkValidity()).to.equal(false);

    await clickInto(el);
    await sendKeys({ type: 'a' });
    expect(el.validity!.valid).to.equal(true);
    expect(el.validationMessage).to.equal('');
    expect(form.checkValidity()).to.equal(true);

    await pressWith('a', 'Control');
    await sendKeys({ press: 'Backspace' });
    expect(el.value).to.equal('');
    expect(el.validity!.valueMissing).to.equal(true);
    expect(form.checkValidity()).to.equal(false);
    // A line break alone is no value: it shows nothing.
    await pressWith('Enter', 'Shift');
    expect(el.value).to.equal('<p><br></p>');
    expect(el.validity!.valueMissing).to.equal(true);
    let invalid = 0;
    el.addEventListener('invalid', () => invalid++);
    expect(el.reportValidity()).to.equal(false);
    expect(invalid).to.equal(1);
  });

  it('counts an image alone as a value, and says the message in the strings given', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor required .strings=${fr} value='<img src="https://example.com/a.png">'></rich-editor>`);
    expect(el.checkValidity()).to.equal(true);
    el.required = false;
    el.value = '';
    el.required = true;
    await el.updateComplete;
    expect(el.checkValidity()).to.equal(false);
    expect(el.validationMessage).to.equal('Veuillez renseigner ce champ.');
  });

  it('is valid when not required, and becomes invalid when required is set on an empty editor', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor></rich-editor>`);
    expect(el.checkValidity()).to.equal(true);
    el.setAttribute('required', '');
    await el.updateComplete;
    expect(el.checkValidity()).to.equal(false);
  });

  it('gives its editable the name of its <label> or its aria-label, and says when it is required', async () => {
    const form = await fixture<HTMLFormElement>(html`<form>
      <label for="first">Description</label><rich-editor id="first" name="first" required></rich-editor>
      <label>Notes <rich-editor name="second"></rich-editor></label>
    </form>`);
    const [first, second] = [...form.querySelectorAll<RichEditor>('rich-editor')];
    await first!.updateComplete;
    await second!.updateComplete;
    expect(content(first!).getAttribute('aria-label')).to.equal('Description');
    expect(content(first!).getAttribute('aria-required')).to.equal('true');
    expect(content(second!).getAttribute('aria-label'), 'a wrapping label, the editor\'s own text left out').to.match(/^Notes/);
    expect(content(second!).hasAttribute('aria-required')).to.equal(false);
    first!.setAttribute('aria-label', 'What needs doing');
    expect(content(first!).getAttribute('aria-label'), 'aria-label before the label').to.equal('What needs doing');
    first!.required = false;
    await first!.updateComplete;
    expect(content(first!).hasAttribute('aria-required')).to.equal(false);
  });

  it("blocks its form's submit with the message given to setCustomValidity, until it is cleared with ''", async () => {
    const form = await fixture<HTMLFormElement>(html`<form>
      <rich-editor name="description" value="<p>Crash on save</p>"></rich-editor>
      <button type="submit">Save</button>
    </form>`);
    const el = form.querySelector('rich-editor')!;
    await el.updateComplete;
    const submitted: Array<string | null> = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push(new FormData(form).get('description') as string | null);
    });
    const counts = countEvents(el, ['invalid']);
    el.setCustomValidity('Say which version crashes');
    expect(el.validity!.customError).to.equal(true);
    expect(el.validationMessage).to.equal('Say which version crashes');
    expect(el.matches(':invalid')).to.equal(true);

    await clickAway(form.querySelector('button')!);
    expect(submitted, 'the submit button did not submit').to.deep.equal([]);
    expect(counts.invalid).to.equal(1);
    expect(el.reportValidity()).to.equal(false);
    expect(counts.invalid).to.equal(2);

    // The user edits: the host's error stays until the host clears it.
    await clickInto(el);
    await sendKeys({ type: ' in 2.1' });
    expect(el.validationMessage).to.equal('Say which version crashes');
    el.setCustomValidity('');
    expect(el.validity!.valid).to.equal(true);
    expect(el.validationMessage).to.equal('');
    await clickAway(form.querySelector('button')!);
    expect(submitted).to.deep.equal(['<p>Crash on save in 2.1</p>']);
  });

  it('says its own message before the missing value, and the missing value once its own is cleared', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor required></rich-editor>`);
    el.setCustomValidity('Describe the bug');
    expect(el.validity!.customError).to.equal(true);
    expect(el.validity!.valueMissing).to.equal(true);
    expect(el.validationMessage).to.equal('Describe the bug');
    el.setCustomValidity('');
    expect(el.validity!.customError).to.equal(false);
    expect(el.validationMessage).to.equal(ENGLISH['form.required']);
  });

  it('says the missing value in the words just set, in the same task', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><rich-editor name="description" required></rich-editor></form>`);
    const el = form.querySelector('rich-editor')!;
    await el.updateComplete;
    expect(el.validationMessage).to.equal(ENGLISH['form.required']);
    el.strings = fr;
    expect(el.validationMessage).to.equal(fr['form.required']);
    const messages: string[] = [];
    el.addEventListener('invalid', () => messages.push(el.validationMessage));
    expect(form.reportValidity()).to.equal(false);
    expect(messages).to.deep.equal([fr['form.required']]);
    el.strings = {};
    expect(el.validationMessage).to.equal(ENGLISH['form.required']);
  });

  it('starts with defaultValue and returns to it with its form, never replacing what the user typed', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><rich-editor name="description"></rich-editor></form>`);
    const el = form.querySelector('rich-editor')!;
    await el.updateComplete;
    el.defaultValue = '<p>Steps:</p>';
    expect(el.value, 'untouched, the content follows its default').to.equal('<p>Steps:</p>');
    expect(el.getAttribute('value')).to.equal('<p>Steps:</p>');
    await clickInto(el);
    await sendKeys({ type: ' open it' });
    el.defaultValue = '<p>Steps to reproduce:</p>';
    expect(el.value).to.equal('<p>Steps: open it</p>');
    expect(el.defaultValue).to.equal('<p>Steps to reproduce:</p>');
    form.reset();
    expect(el.value).to.equal('<p>Steps to reproduce:</p>');
    expect(new FormData(form).get('description')).to.equal('<p>Steps to reproduce:</p>');
    // Reset, the content is untouched again: it follows its default.
    el.defaultValue = '<p>Expected:</p>';
    expect(el.value).to.equal('<p>Expected:</p>');
  });

  it('reads its value attribute as defaultValue, or without one the value it first rendered', async () => {
    const byAttribute = await fixture<RichEditor>(html`<rich-editor value="<p>Start</p>"></rich-editor>`);
    expect(byAttribute.defaultValue).to.equal('<p>Start</p>');
    const byProperty = document.createElement('rich-editor');
    byProperty.value = '<p>From the host</p>';
    expect(byProperty.defaultValue).to.equal('<p>From the host</p>');
    await fixture(html`<div>${byProperty}</div>`);
    byProperty.value = '<p>Later</p>';
    expect(byProperty.defaultValue).to.equal('<p>From the host</p>');
    // Set through `value`, the content is the host's: a new default leaves it.
    byProperty.defaultValue = '<p>Default</p>';
    expect(byProperty.value).to.equal('<p>Later</p>');
  });

  it('cannot be typed in, focused by Tab or submitted while disabled, and can again once enabled', async () => {
    const form = await fixture<HTMLFormElement>(html`<form>
      <input name="before" value="b" />
      <rich-editor name="description" disabled value="<p>Fixed</p>"></rich-editor>
      <input name="after" value="a" />
    </form>`);
    const el = form.querySelector('rich-editor')!;
    const [before, after] = form.querySelectorAll('input');
    await el.updateComplete;
    expect(el.matches(':disabled')).to.equal(true);
    expect(Number(getComputedStyle(el.shadowRoot!.querySelector('.editor')!).opacity)).to.be.below(1);

    await sendMouse({ type: 'click', position: centre(content(el)) });
    await sendKeys({ type: 'typed' });
    expect(el.value).to.equal('<p>Fixed</p>');
    el.focus();
    expect(document.activeElement === el).to.equal(false);
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement === after).to.equal(true);
    expect([...new FormData(form).keys()]).to.deep.equal(['before', 'after']);

    el.disabled = false;
    await el.updateComplete;
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(focusedInContent(el)).to.equal(true);
    await sendKeys({ press: 'End' });
    await sendKeys({ type: '!' });
    expect(el.value).to.equal('<p>Fixed!</p>');
    expect([...new FormData(form).keys()]).to.deep.equal(['before', 'description', 'after']);
  });

  it('is disabled by a disabled fieldset', async () => {
    const form = await fixture<HTMLFormElement>(html`<form>
      <input name="before" value="b" />
      <fieldset disabled><rich-editor name="description" value="<p>Fixed</p>"></rich-editor></fieldset>
      <input name="after" value="a" />
    </form>`);
    const el = form.querySelector('rich-editor')!;
    const fieldset = form.querySelector('fieldset')!;
    const [before, after] = form.querySelectorAll('input');
    await el.updateComplete;
    expect(el.disabled).to.equal(false);
    expect(el.matches(':disabled')).to.equal(true);

    await sendMouse({ type: 'click', position: centre(content(el)) });
    await sendKeys({ type: 'typed' });
    expect(el.value).to.equal('<p>Fixed</p>');
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement === after).to.equal(true);
    expect(new FormData(form).has('description')).to.equal(false);

    fieldset.disabled = false;
    await el.updateComplete;
    await clickInto(el);
    await sendKeys({ type: '!' });
    expect(el.value).to.equal('<p>Fixed!</p>');
    expect(new FormData(form).get('description')).to.equal('<p>Fixed!</p>');
  });

  it('still submits its value when read-only, unlike disabled, and is not validated', async () => {
    const form = await fixture<HTMLFormElement>(html`<form><rich-editor name="description" readonly required></rich-editor></form>`);
    const el = form.querySelector('rich-editor')!;
    el.value = '<p>Shown</p>';
    expect(new FormData(form).get('description')).to.equal('<p>Shown</p>');
    el.value = '';
    expect(el.willValidate).to.equal(false);
    expect(form.checkValidity()).to.equal(true);
  });

  it('keeps its content, as its value, while it is moved elsewhere in the page', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div><rich-editor value="<p>Start</p>"></rich-editor><section></section></div>`);
    const el = wrapper.querySelector('rich-editor')!;
    await clickInto(el);
    await sendKeys({ type: ' typed' });
    el.remove();
    expect(el.value).to.equal('<p>Start typed</p>');
    wrapper.querySelector('section')!.appendChild(el);
    await el.updateComplete;
    expect(el.value).to.equal('<p>Start typed</p>');
    expect(content(el).textContent).to.equal('Start typed');
  });

  it('focuses its content with focus() and lets go with blur(), firing the native and its own focus events', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>Text</p>"></rich-editor>`);
    const counts = countEvents(el, ['focus', 'blur', 'rich-editor-focus', 'rich-editor-blur']);
    el.focus();
    expect(focusedInContent(el)).to.equal(true);
    expect(el.matches(':focus')).to.equal(true);
    expect(counts).to.deep.equal({ focus: 1, blur: 0, 'rich-editor-focus': 1, 'rich-editor-blur': 0 });
    await sendKeys({ type: 'x' });
    expect(el.value).to.equal('<p>xText</p>');
    el.blur();
    expect(document.activeElement === el).to.equal(false);
    expect(counts).to.deep.equal({ focus: 1, blur: 1, 'rich-editor-focus': 1, 'rich-editor-blur': 1 });
  });

  it('is focused by a click on its label', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div>
      <label for="description">Description</label>
      <rich-editor id="description" value="<p>Text</p>"></rich-editor>
    </div>`);
    const el = wrapper.querySelector('rich-editor')!;
    await el.updateComplete;
    await sendMouse({ type: 'click', position: centre(wrapper.querySelector('label')!) });
    expect(focusedInContent(el)).to.equal(true);
  });

  it('keeps a click on the text of a read-only viewer in its content, not on a link further on', async () => {
    const el = await fixture<RichEditor>(
      html`<rich-editor readonly value='<p>Plain words</p><p><a href="https://example.com/">A link</a></p>'></rich-editor>`,
    );
    await sendMouse({ type: 'click', position: centre(content(el).querySelector('p')!) });
    expect(focusedInContent(el)).to.equal(true);
  });

  it('fires one input per change the user makes and one change when focus leaves after them', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div>
      <rich-editor value="<p>Text</p>"></rich-editor>
      <button type="button">Elsewhere</button>
    </div>`);
    const el = wrapper.querySelector('rich-editor')!;
    const button = wrapper.querySelector('button')!;
    await el.updateComplete;
    // Counted outside the element: both events bubble out of it.
    const counts = countEvents(wrapper, ['input', 'change', 'rich-editor-change']);
    const inputs: Event[] = [];
    wrapper.addEventListener('input', (event) => inputs.push(event));

    await clickInto(el);
    await sendKeys({ type: 'abc' });
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'Backspace' });
    expect(counts).to.deep.equal({ input: 4, change: 0, 'rich-editor-change': 4 });
    expect(inputs.every((event) => event.target === el && event.bubbles && event.composed)).to.equal(true);
    expect(el.value).to.equal('<p>Textac</p>');

    await clickAway(button);
    expect(counts).to.deep.equal({ input: 4, change: 1, 'rich-editor-change': 4 });

    // Focus in and out again without a change: no second change.
    await clickInto(el);
    await sendKeys({ press: 'ArrowLeft' });
    await clickAway(button);
    expect(counts).to.deep.equal({ input: 4, change: 1, 'rich-editor-change': 4 });

    // A value the host sets is not the user's input.
    el.value = '<p>Set by the host</p>';
    el.clear();
    expect(counts).to.deep.equal({ input: 4, change: 1, 'rich-editor-change': 6 });
  });
});
