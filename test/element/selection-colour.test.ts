/**
 * Selected text takes the theme's selection colour (`--rich-editor-selection`) in every
 * element of the content. Engines that pass a `::selection` style on to the elements inside
 * (CSS highlight inheritance) get it from the content's one rule; the others from a rule for
 * each element, which those that pass it on must not get (Chromium would work out every
 * element's selection style as it styles a long document).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { content } from '../helpers/element-ui.js';

const VALUE = '<p>plain <strong>bold <em>both</em></strong> <a href="https://example.com/a">link</a></p><ul><li><p>item</p></li></ul><blockquote><p>quoted</p></blockquote>';

/** The selection's background of every element in the content. */
function selectionColours(el: RichEditor): string[] {
  return [...content(el).querySelectorAll('*')].map((element) => getComputedStyle(element, '::selection').backgroundColor);
}

/** Whether this engine passes a `::selection` style on to descendants, asked of plain light DOM. */
function engineInherits(): boolean {
  const probe = document.createElement('div');
  probe.innerHTML = '<style>.inherits-probe::selection { background-color: rgb(7, 8, 9); }</style><div class="inherits-probe"><p><b></b></p></div>';
  document.body.append(probe);
  const inherits = getComputedStyle(probe.querySelector('b')!, '::selection').backgroundColor === 'rgb(7, 8, 9)';
  probe.remove();
  return inherits;
}

describe('the selection colour', () => {
  it("is the host's --rich-editor-selection in every element of the content", async () => {
    const el = await fixture<RichEditor>(html`<rich-editor style="--rich-editor-selection: rgb(10, 20, 30)" .value=${VALUE}></rich-editor>`);
    await el.updateComplete;
    const colours = selectionColours(el);
    expect(colours.length).to.be.greaterThan(8);
    expect(new Set(colours)).to.deep.equal(new Set(['rgb(10, 20, 30)']));
  });

  it("is the dark theme's default in a dark editor", async () => {
    const el = await fixture<RichEditor>(html`<rich-editor theme="dark" .value=${VALUE}></rich-editor>`);
    await el.updateComplete;
    expect(new Set(selectionColours(el))).to.deep.equal(new Set(['rgb(45, 63, 107)']));
  });

  it('takes a rule for each element only where the engine does not pass the content\'s on', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor .value=${VALUE}></rich-editor>`);
    await el.updateComplete;
    const rules = [...el.shadowRoot!.adoptedStyleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
    const forEachElement = rules.filter((rule) => /\.content ::selection/.test(rule));
    expect(forEachElement.length).to.equal(engineInherits() ? 0 : 1);
  });
});
