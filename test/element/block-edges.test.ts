/**
 * Every place a user can see can be reached with the keyboard and typed in: before and
 * after rules, images, tables and code blocks at the document's edges, out of a table
 * that ends the document, Tab in tables, and the joins Backspace and Delete make at block
 * edges. Keys are real key presses; clicks are real clicks.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { nextFrame, pressWith } from '../helpers/editor.js';
import { centre, content } from '../helpers/element-ui.js';
import { until } from '../helpers/until.js';

const CODE = '<pre data-language="plaintext"><code class="language-plaintext">let x = 1;</code></pre>';
const TABLE = '<table><tbody><tr><td><p>a1</p></td><td><p>b1</p></td></tr><tr><td><p>a2</p></td><td><p>b2</p></td></tr></tbody></table>';
const IMAGE = '<img src="https://example.com/cat.png" width="35%" style="width: 35%; height: auto;">';
const RULE = '<hr>';

/** An editor in a 500 px column; `hostStyle` styles the element as a host page would (its height, padding, border). */
async function editor(value: string, hostStyle = ''): Promise<RichEditor> {
  const wrapper = await fixture<HTMLDivElement>(
    html`<div style="padding: 20px 40px; width: 500px"><rich-editor .value=${value} style=${hostStyle} aria-label="Notes"></rich-editor></div>`,
  );
  const el = wrapper.querySelector('rich-editor')!;
  await el.updateComplete;
  // Blocks take their drawn size (content-visibility) in the first frame.
  await nextFrame();
  return el;
}

/** Clicks just inside the text of the first element matching `selector`, at its start or end. */
async function clickText(el: RichEditor, selector: string, where: 'start' | 'end'): Promise<void> {
  const target = content(el).querySelector(selector)!;
  const walker = document.createTreeWalker(target, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode as Text);
  const text = where === 'start' ? texts[0] : texts[texts.length - 1];
  const range = document.createRange();
  const at = where === 'start' ? 0 : text.length - 1;
  range.setStart(text, at);
  range.setEnd(text, at + 1);
  const rect = range.getBoundingClientRect();
  const x = where === 'start' ? rect.left + 1 : rect.right - 1;
  await sendMouse({ type: 'click', position: [Math.round(x), Math.round(rect.top + rect.height / 2)] });
}

/** The editor's HTML with the image's attributes left out, for short expectations. */
function shape(el: RichEditor): string {
  return el.getHTML().replace(/<img [^>]*>/g, '<img>').replace(/ data-language="plaintext"><code class="language-plaintext"/g, '><code');
}

const SHORT_CODE = '<pre><code>let x = 1;</code></pre>';

describe('block edges', () => {
  describe('before a block that starts the document', () => {
    const cases: Array<[string, string, string]> = [
      ['a rule', RULE, '<hr>'],
      ['an image', IMAGE, '<img>'],
      ['a table', TABLE, TABLE],
      ['a code block', CODE, SHORT_CODE],
    ];
    for (const [name, block, shown] of cases) {
      it(`Arrow Up from the first paragraph reaches the place before ${name}, and typing there makes a paragraph`, async () => {
        const el = await editor(`${block}<p>text</p>`);
        await clickText(el, ':scope > p', 'start');
        for (let i = 0; i < 6; i++) await sendKeys({ press: 'ArrowUp' });
        await sendKeys({ type: 'new' });
        expect(shape(el)).to.equal(`<p>new</p>${shown}<p>text</p>`);
      });
    }

    it('Delete in the place before a table goes into its first cell, keeping every cell', async () => {
      const el = await editor(`${TABLE}<p>text</p>`);
      await clickText(el, 'tr:first-child td:first-child p', 'start');
      await sendKeys({ press: 'ArrowUp' });
      await sendKeys({ press: 'Delete' });
      expect(el.getHTML(), 'Delete changes nothing').to.equal(`${TABLE}<p>text</p>`);
      await sendKeys({ type: '!' });
      expect(el.getHTML()).to.equal(`${TABLE.replace('<p>a1</p>', '<p>!a1</p>')}<p>text</p>`);
    });
  });

  describe('after a block that ends the document', () => {
    const cases: Array<[string, string, string]> = [
      ['a rule', RULE, '<hr>'],
      ['an image', IMAGE, '<img>'],
      ['a table', TABLE, TABLE],
      ['a code block', CODE, SHORT_CODE],
    ];
    for (const [name, block, shown] of cases) {
      it(`Arrow Down from the last paragraph reaches the place after ${name}, and typing there makes a paragraph`, async () => {
        const el = await editor(`<p>text</p>${block}`);
        await clickText(el, ':scope > p', 'end');
        const before = el.getHTML();
        for (let i = 0; i < 6; i++) await sendKeys({ press: 'ArrowDown' });
        expect(el.getHTML(), 'moving the caret changes nothing').to.equal(before);
        await sendKeys({ type: 'new' });
        expect(shape(el)).to.equal(`<p>text</p>${shown}<p>new</p>`);
      });
    }
  });

  it('typing with an image or a rule selected starts a paragraph after it instead of replacing it', async () => {
    const el = await editor(`<p>text</p>${IMAGE}${RULE}<p>end</p>`);
    await clickText(el, ':scope > p', 'end');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ type: 'a' });
    await clickText(el, ':scope > p:last-child', 'start');
    await sendKeys({ press: 'Home' });
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ type: 'b' });
    expect(shape(el)).to.equal('<p>text</p><img><p>a</p><hr><p>b</p><p>end</p>');
  });

  describe('a table that ends the document', () => {
    it('is left with Arrow Down from any cell of its last row', async () => {
      const el = await editor(`<p>text</p>${TABLE}`);
      await clickText(el, 'tr:last-child td:first-child p', 'start');
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ type: 'out' });
      expect(shape(el)).to.equal(`<p>text</p>${TABLE}<p>out</p>`);
    });

    it('is entered again with Backspace from the place after it, keeping every cell', async () => {
      const el = await editor(`<p>text</p>${TABLE}`);
      await clickText(el, 'tr:last-child td:last-child p', 'end');
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'Backspace' });
      expect(el.getHTML(), 'Backspace changes nothing').to.equal(`<p>text</p>${TABLE}`);
      await sendKeys({ type: '!' });
      expect(el.getHTML()).to.equal(`<p>text</p>${TABLE.replace('<p>b2</p>', '<p>b2!</p>')}`);
    });

    it('is left by clicking below it', async () => {
      const el = await editor(`<p>text</p>${TABLE}`);
      const table = content(el).querySelector('table')!.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(table.left + 30), Math.round(table.bottom + 6)] });
      await sendKeys({ type: 'out' });
      expect(shape(el)).to.equal(`<p>text</p>${TABLE}<p>out</p>`);
    });

    // A page that makes the editor taller than its text (a min-height, padding, as the demo does).
    const TALL = 'min-height: 14rem; padding: 12px 16px; border: 1px solid';
    const places: Array<[string, (el: RichEditor) => number]> = [
      ['in the room the page leaves below the content', (el) => content(el).getBoundingClientRect().bottom + 30],
      ["in the element's bottom padding", (el) => el.getBoundingClientRect().bottom - 6],
    ];
    for (const [where, y] of places) {
      it(`is left by clicking ${where} of an editor taller than its text`, async () => {
        const el = await editor(`<p>text</p>${TABLE}`, TALL);
        expect(el.getBoundingClientRect().bottom - content(el).getBoundingClientRect().bottom, 'room below the content').to.be.above(60);
        await clickText(el, 'tr:last-child td:last-child p', 'end');
        await sendMouse({ type: 'click', position: [Math.round(el.getBoundingClientRect().left + 60), Math.round(y(el))] });
        expect(el.getHTML(), 'a click changes nothing').to.equal(`<p>text</p>${TABLE}`);
        expect(el.shadowRoot!.activeElement).to.equal(content(el));
        await sendKeys({ type: 'out' });
        expect(shape(el)).to.equal(`<p>text</p>${TABLE}<p>out</p>`);
      });
    }

    it('that is the whole document is left by a click below it or Arrow Down in an editor taller than its text', async () => {
      const el = await editor(TABLE, TALL);
      await clickText(el, 'tr:last-child td:last-child p', 'end');
      const box = el.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(box.left + 60), Math.round(box.bottom - 30)] });
      await sendKeys({ type: 'one' });
      expect(shape(el)).to.equal(`${TABLE}<p>one</p>`);
      await clickText(el, 'tr:last-child td:last-child p', 'end');
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ type: 'two' });
      expect(shape(el)).to.equal(`${TABLE}<p>twoone</p>`);
    });
  });

  describe('Backspace and Delete at block edges', () => {
    it('Backspace at the start of a paragraph after a list joins it into the last item', async () => {
      const el = await editor('<ul><li><p>one</p></li><li><p>two</p></li></ul><p>three</p>');
      await clickText(el, ':scope > p', 'start');
      await sendKeys({ press: 'Home' });
      await sendKeys({ press: 'Backspace' });
      expect(el.getHTML()).to.equal('<ul><li><p>one</p></li><li><p>twothree</p></li></ul>');
      await sendKeys({ type: '|' });
      expect(el.getHTML()).to.equal('<ul><li><p>one</p></li><li><p>two|three</p></li></ul>');
    });

    it('Delete at the end of a paragraph before a list pulls in the first item\'s text', async () => {
      const el = await editor('<p>zero</p><ul><li><p>one</p></li><li><p>two</p></li></ul>');
      await clickText(el, ':scope > p', 'end');
      await sendKeys({ press: 'End' });
      await sendKeys({ press: 'Delete' });
      expect(el.getHTML()).to.equal('<p>zeroone</p><ul><li><p>two</p></li></ul>');
    });

    it('Delete at the end of the last item pulls in the next paragraph', async () => {
      const el = await editor('<ul><li><p>one</p></li><li><p>two</p></li></ul><p>three</p>');
      await clickText(el, 'li:last-child p', 'end');
      await sendKeys({ press: 'End' });
      await sendKeys({ press: 'Delete' });
      expect(el.getHTML()).to.equal('<ul><li><p>one</p></li><li><p>twothree</p></li></ul>');
    });

    it('Delete at the end of a list item joins the next item\'s text, and what else it held follows', async () => {
      const el = await editor('<ul><li><p>one</p></li><li><p>two</p><ul><li><p>sub</p></li></ul></li><li><p>three</p></li></ul>');
      await clickText(el, 'li:first-child > p', 'end');
      await sendKeys({ press: 'End' });
      await sendKeys({ press: 'Delete' });
      await sendKeys({ type: '|' });
      expect(el.getHTML()).to.equal('<ul><li><p>one|two</p><ul><li><p>sub</p></li></ul></li><li><p>three</p></li></ul>');
    });

    it('Delete at the end of a bulleted list before a numbered one takes only the first item\'s text', async () => {
      // Words of its own: a click where the test before clicked would be a double click in WebKit.
      const el = await editor('<ul><li><p>apple</p></li></ul><ol><li><p>pear</p></li><li><p>plum</p></li></ol>');
      await clickText(el, 'ul p', 'end');
      await sendKeys({ press: 'End' });
      await sendKeys({ press: 'Delete' });
      await sendKeys({ type: '|' });
      expect(el.getHTML()).to.equal('<ul><li><p>apple|pear</p></li></ul><ol><li><p>plum</p></li></ol>');
    });

    it('Backspace at the start of a numbered list after a bulleted one takes its first item out, the rest staying numbered', async () => {
      const el = await editor('<ul><li><p>kiwi</p></li></ul><ol><li><p>lime</p></li><li><p>fig</p></li></ol>');
      await clickText(el, 'ol li:first-child p', 'start');
      await sendKeys({ press: 'Home' });
      await sendKeys({ press: 'Backspace' });
      await sendKeys({ type: '|' });
      expect(el.getHTML()).to.equal('<ul><li><p>kiwi</p></li></ul><p>|lime</p><ol><li><p>fig</p></li></ol>');
    });

    it('Backspace at the start of a paragraph after a quote joins it into the quote\'s last text, a list\'s inside it too', async () => {
      const el = await editor('<blockquote><p>one</p><p>two</p></blockquote><p>three</p>');
      await clickText(el, ':scope > p', 'start');
      await sendKeys({ press: 'Home' });
      await sendKeys({ press: 'Backspace' });
      expect(el.getHTML()).to.equal('<blockquote><p>one</p><p>twothree</p></blockquote>');
      await sendKeys({ type: '|' });
      expect(el.getHTML()).to.equal('<blockquote><p>one</p><p>two|three</p></blockquote>');

      el.setValue('<blockquote><ul><li><p>one</p></li></ul></blockquote><p>two</p>');
      await el.updateComplete;
      await nextFrame();
      await clickText(el, ':scope > p', 'start');
      await sendKeys({ press: 'Home' });
      await sendKeys({ press: 'Backspace' });
      expect(el.getHTML()).to.equal('<blockquote><ul><li><p>onetwo</p></li></ul></blockquote>');
    });

    it('Delete at the end of a paragraph before a quote pulls in its first text', async () => {
      const el = await editor('<p>zero</p><blockquote><p>one</p><p>two</p></blockquote>');
      await clickText(el, ':scope > p', 'end');
      await sendKeys({ press: 'End' });
      await sendKeys({ press: 'Delete' });
      expect(el.getHTML()).to.equal('<p>zeroone</p><blockquote><p>two</p></blockquote>');
    });

    it('Delete at the end of a quote pulls in the next paragraph\'s text; in an empty quote the text comes up into it', async () => {
      const el = await editor('<blockquote><p>one</p></blockquote><p>two</p><p>three</p>');
      await clickText(el, 'blockquote p', 'end');
      await sendKeys({ press: 'End' });
      await sendKeys({ press: 'Delete' });
      expect(el.getHTML()).to.equal('<blockquote><p>onetwo</p></blockquote><p>three</p>');

      el.setValue('<blockquote><p></p></blockquote><p>two</p>');
      await el.updateComplete;
      await nextFrame();
      await sendMouse({ type: 'click', position: centre(content(el).querySelector('blockquote p')!) });
      await sendKeys({ press: 'Delete' });
      await sendKeys({ type: '|' });
      expect(el.getHTML()).to.equal('<blockquote><p>|two</p></blockquote>');
    });

    it('Backspace at the start of a paragraph after a table leaves the table\'s cells as they are', async () => {
      const el = await editor(`${TABLE}<p>after</p>`);
      await clickText(el, ':scope > p', 'start');
      await sendKeys({ press: 'Home' });
      await sendKeys({ press: 'Backspace' });
      expect(el.getHTML().startsWith(TABLE), 'the cells keep their text').to.equal(true);
      expect(el.getHTML()).to.contain('after');
    });

    it('Backspace at the start of a heading that starts the document turns it into a paragraph', async () => {
      const el = await editor('<h2>Title</h2><p>body</p>');
      await clickText(el, 'h2', 'start');
      await sendKeys({ press: 'Home' });
      await sendKeys({ press: 'Backspace' });
      expect(el.getHTML()).to.equal('<p>Title</p><p>body</p>');
    });

    it('Backspace at the start of a heading after a list joins it into the last item, not losing its level first', async () => {
      const el = await editor('<ul><li><p>one</p></li></ul><h2>Title</h2>');
      await clickText(el, 'h2', 'start');
      await sendKeys({ press: 'Home' });
      await sendKeys({ press: 'Backspace' });
      expect(el.getHTML()).to.equal('<ul><li><p>oneTitle</p></li></ul>');
    });
  });

  describe('Shift and the arrows across a block without text', () => {
    const cases: Array<[string, string]> = [
      ['a table', TABLE],
      ['an image', IMAGE],
      ['a rule', RULE],
    ];
    /** The editor, once its image (if any) has loaded or failed: its box takes its size then, moving the text after it, where the test clicks. */
    async function settled(value: string): Promise<RichEditor> {
      const el = await editor(value);
      await until(() => [...content(el).querySelectorAll('img')].every((img) => img.complete) || null, 'the image to load or fail');
      await nextFrame();
      return el;
    }

    it('Ctrl+Shift+Right at the end of a paragraph extends the selection over a table, then by words', async () => {
      const el = await settled(`<p>first</p>${TABLE}<p>one two</p>`);
      await clickText(el, ':scope > p', 'end');
      await sendKeys({ press: 'End' });
      await sendKeys({ down: 'Control' });
      await pressWith('ArrowRight', 'Shift');
      await pressWith('ArrowRight', 'Shift');
      await sendKeys({ up: 'Control' });
      await sendKeys({ press: 'Backspace' });
      expect(el.getHTML()).to.equal('<p>first two</p>');
    });

    it('Shift+Down from a paragraph extends the selection over a table to the text after it, and Shift+Up back over it', async () => {
      const el = await settled(`<p>above</p>${TABLE}<p>below</p>`);
      await clickText(el, ':scope > p', 'end');
      await sendKeys({ press: 'End' });
      await pressWith('ArrowDown', 'Shift');
      await pressWith('ArrowRight', 'Shift');
      await sendKeys({ press: 'Backspace' });
      expect(el.getHTML()).to.equal('<p>aboveelow</p>');

      const back = await settled(`<p>above</p>${TABLE}<p>below</p>`);
      await clickText(back, ':scope > p:last-child', 'start');
      await sendKeys({ press: 'Home' });
      await pressWith('ArrowUp', 'Shift');
      await pressWith('ArrowLeft', 'Shift');
      await sendKeys({ press: 'Backspace' });
      expect(back.getHTML()).to.equal('<p>abovbelow</p>');
    });

    for (const [name, block] of cases) {
      it(`Shift+Right at the end of a paragraph extends the selection over ${name} to the text after it`, async () => {
        const el = await settled(`<p>lead</p>${block}<p>tail</p>`);
        await clickText(el, ':scope > p', 'end');
        await sendKeys({ press: 'End' });
        await pressWith('ArrowRight', 'Shift');
        await pressWith('ArrowRight', 'Shift');
        await sendKeys({ press: 'Backspace' });
        expect(el.getHTML()).to.equal('<p>leadail</p>');
      });

      it(`Shift+Left at the start of a paragraph extends the selection back over ${name} to the text before it`, async () => {
        const el = await settled(`<p>lead</p>${block}<p>tail</p>`);
        await clickText(el, ':scope > p:last-child', 'start');
        await sendKeys({ press: 'Home' });
        await pressWith('ArrowLeft', 'Shift');
        await pressWith('ArrowLeft', 'Shift');
        await sendKeys({ press: 'Backspace' });
        expect(el.getHTML()).to.equal('<p>leatail</p>');
      });
    }
  });

  describe('Tab', () => {
    it('on the first list item keeps focus in the editor and types nothing', async () => {
      const el = await editor('<ul><li><p>one</p></li></ul><p>after</p>');
      await clickText(el, 'li p', 'end');
      await sendKeys({ press: 'Tab' });
      expect(el.shadowRoot!.activeElement).to.equal(content(el));
      expect(el.getHTML()).to.equal('<ul><li><p>one</p></li></ul><p>after</p>');
      await pressWith('Tab', 'Shift');
      expect(el.shadowRoot!.activeElement, 'Shift-Tab lifts the item and keeps focus').to.equal(content(el));
    });

    it('in a table\'s last cell adds a row and types in its first cell; Shift-Tab in the first cell changes nothing', async () => {
      const el = await editor(`<p>text</p>${TABLE}`);
      await clickText(el, 'tr:last-child td:last-child p', 'end');
      await sendKeys({ press: 'Tab' });
      await sendKeys({ type: 'a3' });
      const grown = TABLE.replace('</tbody>', '<tr><td><p>a3</p></td><td><p></p></td></tr></tbody>');
      expect(el.getHTML()).to.equal(`<p>text</p>${grown}`);
      await clickText(el, 'tr:first-child td:first-child p', 'start');
      await pressWith('Tab', 'Shift');
      expect(el.shadowRoot!.activeElement, 'focus stays in the editor').to.equal(content(el));
      await sendKeys({ type: '|' });
      expect(el.getHTML()).to.equal(`<p>text</p>${grown.replace('<p>a1</p>', '<p>|a1</p>')}`);
    });

    it('in a paragraph keeps focus in the editor', async () => {
      const el = await editor('<p>one</p>');
      await clickText(el, 'p', 'end');
      await sendKeys({ press: 'Tab' });
      await pressWith('Tab', 'Shift');
      expect(el.shadowRoot!.activeElement).to.equal(content(el));
      await sendKeys({ type: '!' });
      expect(el.getHTML()).to.equal('<p>one!</p>');
    });

    it('after Escape moves focus on, and Shift-Tab back, as the element documents', async () => {
      const wrapper = await fixture<HTMLDivElement>(html`<div><button>previous</button><rich-editor value="<p>one</p>"></rich-editor><button>next</button></div>`);
      const el = wrapper.querySelector('rich-editor')!;
      const [previous, next] = wrapper.querySelectorAll('button');
      await el.updateComplete;
      await clickText(el, 'p', 'end');
      await sendKeys({ press: 'Escape' });
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement).to.equal(next);
      await clickText(el, 'p', 'end');
      await sendKeys({ press: 'Escape' });
      await pressWith('Tab', 'Shift');
      expect(document.activeElement).to.equal(previous);
      expect(el.getHTML()).to.equal('<p>one</p>');
    });
  });

  describe('Escape that closes a menu', () => {
    for (const [menu, trigger] of [['the slash menu', '/'], ['the mention list', '@']] as const) {
      it(`closing ${menu} leaves Tab to the editor: the list item is indented, focus stays`, async () => {
        const wrapper = await fixture<HTMLDivElement>(html`<div><rich-editor value="<ul><li><p>one</p></li><li><p>two</p></li></ul>"></rich-editor><button>next</button></div>`);
        const el = wrapper.querySelector('rich-editor')!;
        el.mentionSuggestions = async () => [];
        await el.updateComplete;
        // The caret by keys (a click at the spot the test before clicked would be a double click).
        content(el).focus();
        await pressWith('End', 'Control');
        await sendKeys({ type: ` ${trigger}` });
        const popup = trigger === '/' ? 'rich-editor-slash-menu' : 'rich-editor-mention-list';
        await until(() => el.shadowRoot!.querySelector(popup)?.shadowRoot?.querySelector('[role="listbox"], [role="status"]')?.checkVisibility(), `${menu} open`);
        await sendKeys({ press: 'Escape' });
        await until(() => !el.shadowRoot!.querySelector(popup)?.shadowRoot?.querySelector('[role="listbox"]')?.checkVisibility(), `${menu} closed`);
        // Before: the Escape that closed it also counted as the first half of "Escape, then Tab".
        await sendKeys({ press: 'Tab' });
        expect(el.shadowRoot!.activeElement, 'focus stays in the editor').to.equal(content(el));
        expect(el.getHTML()).to.equal(`<ul><li><p>one</p><ul><li><p>two ${trigger}</p></li></ul></li></ul>`);
      });
    }
  });

  describe('into a table with the arrows', () => {
    /** The row and column of the cell holding the caret (null outside the table). */
    function caretCell(el: RichEditor): [number, number] | null {
      const cell = (el.editorView!.domAtPos(el.editorView!.state.selection.head).node as Node).parentElement?.closest('td, th');
      if (!cell) return null;
      const row = cell.closest('tr')!;
      return [Array.from(row.parentElement!.children).indexOf(row), Array.from(row.children).indexOf(cell)];
    }

    it('Arrow Down from the paragraph before a table enters its first row, Up from the one after its last', async () => {
      const el = await editor(`<p>before</p>${TABLE}<p>after</p>`);
      await clickText(el, 'p', 'start');
      await sendKeys({ press: 'ArrowDown' });
      expect(caretCell(el)).to.deep.equal([0, 0]);
      await clickText(el, ':scope > p:last-child', 'start');
      await sendKeys({ press: 'ArrowUp' });
      expect(caretCell(el)).to.deep.equal([1, 0]);
    });
  });
});
