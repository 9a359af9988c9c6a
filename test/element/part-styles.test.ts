/**
 * The CSS a part brings when it arrives (the block views' controls and syntax tokens, the upload
 * placeholder: rich-editor/on-demand.ts): every editor's shadow root adopts it then, an editor
 * made later has it from the start, and an extension's CSS still comes after it, so a host's
 * rule as specific as a part's wins.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { css } from 'lit';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { provideParts } from '../../src/element/rich-editor/on-demand.js';
import { content } from '../helpers/element-ui.js';

/** An extension that only styles paragraphs. */
const styled = { name: 'styled_paragraphs', styles: '.content p { color: rgb(1, 2, 3); }' };

async function editor(): Promise<RichEditor> {
  const el = await fixture<RichEditor>(html`<rich-editor .extensions=${[styled]} value="<p>Hello</p>"></rich-editor>`);
  await el.updateComplete;
  return el;
}

const paragraph = (el: RichEditor) => getComputedStyle(content(el).querySelector('p')!);

describe("a part's CSS", () => {
  it('is adopted by the editors there when the part arrives, and by those made after; an extension\'s CSS still wins', async () => {
    const before = await editor();
    expect(paragraph(before).letterSpacing).to.equal('normal');
    provideParts({}, css`.content p { letter-spacing: 2px; color: rgb(4, 5, 6); }`);
    expect(paragraph(before).letterSpacing, 'adopted at once').to.equal('2px');
    expect(paragraph(before).color, "the extension's rule comes after the part's").to.equal('rgb(1, 2, 3)');
    const after = await editor();
    expect(paragraph(after).letterSpacing).to.equal('2px');
    expect(paragraph(after).color).to.equal('rgb(1, 2, 3)');
    // A new configuration keeps both, in their order, once each.
    before.extensions = [];
    await before.updateComplete;
    expect(paragraph(before).color).to.equal('rgb(4, 5, 6)');
    before.extensions = [styled];
    await before.updateComplete;
    expect(paragraph(before).color).to.equal('rgb(1, 2, 3)');
    const sheets = before.shadowRoot!.adoptedStyleSheets;
    expect(new Set(sheets).size, 'no sheet twice').to.equal(sheets.length);
  });
});
