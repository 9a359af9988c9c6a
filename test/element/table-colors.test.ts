import { expect, fixture, html } from '@open-wc/testing';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { TABLE_COLORS } from '../../src/core/index.js';
import { expectAccessible } from '../helpers/element-ui.js';

/** The channels of a computed `rgb()`/`rgba()` colour. */
function channels(value: string): [number, number, number, number] {
  const parts = value.match(/[\d.]+/g)!.map(Number);
  return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
}

function luminance([r, g, b]: number[]): number {
  const [R, G, B] = [r!, g!, b!].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
}

/** The WCAG contrast ratio of two computed colours. */
function ratio(a: string, b: string): number {
  const [x, y] = [luminance(channels(a)), luminance(channels(b))];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The first opaque background behind `element` (up through the shadow root to the host). */
function backgroundBehind(element: Element): string {
  for (let current: Element | null = element; current; current = current.parentElement ?? ((current.getRootNode() as ShadowRoot).host ?? null)) {
    const background = getComputedStyle(current).backgroundColor;
    if (channels(background)[3] === 1) return background;
  }
  return 'rgb(255, 255, 255)';
}

const cell = (background: string, text: string) => `<td data-background="${background}"><p>${text}</p></td>`;
const palette = TABLE_COLORS.filter((color) => color.background);
const TABLE =
  '<table><tbody>' +
  `<tr>${palette.map((color) => cell(color.background!, color.name)).join('')}</tr>` +
  `<tr data-background="${palette[3]!.background}"><td><p>Row colour</p></td><td><p>Row <a href="https://example.com">link</a></p></td></tr>` +
  `<tr><th data-background="${palette[0]!.background}"><p>Header</p></th>` +
  `${cell('#d3f1dc', 'A <a href="https://example.com">link</a> and <code>code</code>')}` +
  `${cell('#e6dcfb', 'Ask <span data-type="mention" data-id="u1" data-label="Ada">@Ada</span>')}` +
  `${cell('#fff', 'White cell')}</tr>` +
  '</tbody></table>';

describe('coloured table cells', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`keep their text readable (contrast at least 4.5:1) in the ${theme} theme`, async () => {
      const el = await fixture<RichEditor>(html`<rich-editor theme=${theme} value=${TABLE}></rich-editor>`);
      await el.updateComplete;
      const content = el.shadowRoot!.querySelector('[role="textbox"]')!;
      const texts = [...content.querySelectorAll('td p, th p, td a, td code, td .mention')];
      expect(texts.length).to.be.greaterThan(12);
      const poor = texts
        .map((text) => ({ text: text.textContent, contrast: ratio(getComputedStyle(text).color, backgroundBehind(text)) }))
        .filter((found) => found.contrast < 4.5)
        .map((found) => `${found.text}: ${found.contrast.toFixed(2)}`);
      expect(poor).to.deep.equal([]);
      await expectAccessible(el);
    });
  }
});
