// The element's HTML (getHTML, the change event's html, the form value) is the same before the
// embed bundle's string writer arrives (written the browser's way, src/core/serialize/html-writer.ts)
// and after it.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { Fragment } from 'prosemirror-model';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { schema, serializeHTML } from '../../src/core/index.js';
import { useStringWriter } from '../../src/core/serialize/html-writer.js';
import { randomCorpus } from '../helpers/random-doc.js';
import { content } from '../helpers/element-ui.js';

/** A one-pixel GIF, so the document's images load from the page and nothing is fetched. */
const PIXEL = URL.createObjectURL(new Blob([Uint8Array.from(atob('R0lGODlhAQABAAAAACw='), (c) => c.charCodeAt(0))], { type: 'image/gif' }));

/** A rich document: the blocks of the first hundred documents of the seeded corpus, one after another (their images from the page). */
function richValue(): string {
  const blocks = randomCorpus({}, 100).flatMap(({ doc }) => doc.content.content);
  return serializeHTML(schema.topNodeType.create(null, Fragment.from(blocks))).replace(/(<img[^>]*) src="[^"]*"/g, `$1 src="${PIXEL}"`);
}

interface Written {
  initial: string;
  changed: string;
  afterChange: string;
  submitted: FormDataEntryValue | null;
}

/** What an editor in a form gives for `value`: its HTML at first, after a key typed at its start (the change event's and getHTML), and as the form's value. */
async function written(value: string): Promise<Written> {
  const form = await fixture<HTMLFormElement>(html`<form>
    <rich-editor name="body" .value=${value}></rich-editor>
  </form>`);
  const el = form.querySelector<RichEditor>('rich-editor')!;
  await el.updateComplete;
  const initial = el.getHTML();
  content(el).focus();
  el.focusAt('start');
  const changed = oneEvent(el, 'rich-editor-change');
  await sendKeys({ type: '§' });
  const { detail } = await changed;
  // The form's entry, as a submission gathers it.
  const submitted = new FormData(form).get('body');
  return { initial, changed: detail.html, afterChange: el.getHTML(), submitted };
}

describe('<rich-editor> HTML before and after the string writer', function () {
  this.timeout(60_000);

  it('getHTML, the change event\'s html and the form value are the same bytes either way', async () => {
    const value = richValue();
    const writer = useStringWriter(null);
    let before: Written;
    try {
      before = await written(value);
    } finally {
      useStringWriter(writer);
    }
    const after = await written(value);
    expect(before.initial.length).to.be.greaterThan(10_000);
    expect(before.initial === after.initial, 'getHTML').to.equal(true);
    expect(before.changed === after.changed, "the change event's html").to.equal(true);
    expect(before.afterChange === after.afterChange, 'getHTML after typing').to.equal(true);
    expect(before.submitted === after.submitted, 'the form value').to.equal(true);
    expect(after.changed === after.afterChange, 'the change event has the typing').to.equal(true);
    expect(after.submitted === after.afterChange, 'so does the form').to.equal(true);
    expect(after.changed !== after.initial, 'typing changed the HTML').to.equal(true);
    expect(after.changed).to.contain('§');
  });
});
