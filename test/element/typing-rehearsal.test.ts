import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { undoDepth } from 'prosemirror-history';
import '../../src/element/index.js';
import type { RichEditor } from '../../src/element/index.js';
import { REHEARSAL_KEYS } from '../../src/element/rich-editor/rehearse-typing.js';
import { REHEARSAL_MIN_BLOCKS, typingRehearsal } from '../../src/element/rich-editor/typing-rehearsal.js';
import { content, lastCharRect } from '../helpers/element-ui.js';

// When the editor of a long document first gains focus, typing is rehearsed in idle time
// (on copies of the state and on a detached scratch view) so the first keystrokes run
// optimised code. A user must see nothing of it: no change, no event, no undo step.
// (Rehearsals are promises: the assertions compare them as booleans, since a failing
// assertion that carries a promise stalls the runner's error reporting.)

const paragraphs = (count: number): string => Array.from({ length: count }, (_, i) => `<p>Paragraph ${i + 1}</p>`).join('');

/** Clicks just after the last character of top-level block `index`. */
async function clickEnd(el: RichEditor, index: number): Promise<void> {
  const rect = lastCharRect(content(el).children[index]);
  await sendMouse({ type: 'click', position: [Math.round(rect.right - 1), Math.round(rect.top + rect.height / 2)] });
}

describe('the typing rehearsal', () => {
  it('runs once the editor of a long document is focused, and changes nothing', async () => {
    const value = paragraphs(REHEARSAL_MIN_BLOCKS + 200);
    let highlightCalls = 0;
    const el = await fixture<RichEditor>(
      html`<rich-editor style="height: 300px; overflow: auto" .value=${value} .mentionHighlights=${async () => (highlightCalls++, [])}></rich-editor>`,
    );
    const changes: Event[] = [];
    el.addEventListener('rich-editor-change', (event) => changes.push(event));
    const view = el.editorView!;
    const callsBefore = highlightCalls;
    expect(typingRehearsal(view) === null, 'nothing before focus').to.equal(true);

    await clickEnd(el, 2);
    const rehearsal = typingRehearsal(view);
    expect(rehearsal !== null, 'started on focus').to.equal(true);
    const result = await rehearsal!;
    expect(result.finished).to.equal(true);
    expect(result.transactions, 'transactions applied to copies of the state').to.be.greaterThan(0);
    expect(result.typed, 'every key reached the scratch view as a character').to.equal(REHEARSAL_KEYS.length);

    expect(el.getHTML()).to.equal(value);
    expect(changes, 'no change event').to.have.length(0);
    expect(undoDepth(view.state), 'no undo step').to.equal(0);
    expect(highlightCalls, 'no host callback').to.equal(callsBefore);
    expect(document.querySelectorAll('.ProseMirror'), 'no scratch view left in the page').to.have.length(0);
    expect(el.shadowRoot!.querySelectorAll('.ProseMirror')).to.have.length(1);
    expect(view.hasFocus(), 'focus stays in the editor').to.equal(true);

    await sendKeys({ type: ' typed' });
    expect(content(el).children[2].textContent).to.equal('Paragraph 3 typed');
    expect(changes.length).to.be.greaterThan(0);
    expect(typingRehearsal(view) === rehearsal, 'only once').to.equal(true);
  });

  it('stops when the editor is removed while it runs', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor style="height: 300px; overflow: auto" .value=${paragraphs(REHEARSAL_MIN_BLOCKS)}></rich-editor>`);
    const view = el.editorView!;
    await clickEnd(el, 0);
    const rehearsal = typingRehearsal(view);
    expect(rehearsal !== null, 'started on focus').to.equal(true);
    el.remove();
    const result = await rehearsal!;
    expect(result.finished).to.equal(false);
    expect(document.querySelectorAll('.ProseMirror'), 'no scratch view left in the page').to.have.length(0);
  });

  it('is left out for short documents, where a cold keystroke fits in a frame', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor .value=${paragraphs(20)}></rich-editor>`);
    await clickEnd(el, 0);
    expect(el.editorView!.hasFocus()).to.equal(true);
    expect(typingRehearsal(el.editorView!) === null, 'not rehearsed').to.equal(true);
    await sendKeys({ type: '!' });
    expect(content(el).children[0].textContent).to.equal('Paragraph 1!');
  });
});
