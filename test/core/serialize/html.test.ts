import { expect } from '@open-wc/testing';
import { MAX_HTML_ELEMENTS, parseHTML, textToDoc } from '../../../src/core/index.js';
import { doc, expectDoc, p } from '../../helpers/builder.js';

/**
 * Pathological and long inputs take tens of milliseconds to a few seconds here. What these tests
 * check is the result; how fast large input parses is measured in bench/ (paste of long
 * documents). The timeout only stops a parse that never ends, with room for a busy machine.
 */
const RUNAWAY_MS = 120_000;

declare global {
  interface Window {
    __htmlTestPwned?: boolean;
  }
}

/** What only a browser's own HTML parser can show: its depth and size limits, and that parsing runs nothing. */
describe('HTML parsing in the browser', () => {
  it('no script in the input runs while it is parsed', async () => {
    parseHTML('<img src="x" onerror="window.__htmlTestPwned = true"><svg><script>window.__htmlTestPwned = true</script></svg>');
    // A live image with the same address errors after the parsed one would have: by then its handler would have run.
    await new Promise((resolve) => {
      const probe = new Image();
      probe.onload = probe.onerror = resolve;
      probe.src = 'x';
    });
    expect(window.__htmlTestPwned).to.equal(undefined);
  });

  describe('pathological input', function () {
    this.timeout(RUNAWAY_MS);

    it('10,000 nested divs become plain text', () => {
      const html = '<div>'.repeat(10_000) + 'deep' + '</div>'.repeat(10_000);
      expectDoc(parseHTML(html), doc(p('deep')));
    });

    it('100,000 nested spans become plain text', () => {
      const html = '<span>'.repeat(100_000) + 'x' + '</span>'.repeat(100_000);
      expectDoc(parseHTML(html), doc(p('x')));
    });

    it('1 MB of text parses to one paragraph', () => {
      const text = 'lorem ipsum '.repeat(87_382).slice(0, 1_048_576);
      const parsed = parseHTML(`<p>${text}</p>`);
      expect(parsed.childCount).to.equal(1);
      expect(parsed.textContent).to.equal(text);
    });

    it('1 MB of unstructured text lines parses without throwing', () => {
      const text = 'line of text\n'.repeat(80_660);
      const parsed = parseHTML(text);
      expect(parsed.textContent.length).to.be.above(900_000);
    });

    it('more elements than MAX_HTML_ELEMENTS become plain text', () => {
      const count = MAX_HTML_ELEMENTS + 1;
      const parsed = parseHTML('<i>x</i>'.repeat(count));
      expect(parsed.childCount).to.equal(1);
      expect(parsed.firstChild!.textContent === 'x'.repeat(count)).to.equal(true);
    });

    it('textToDoc makes one paragraph per line', () => {
      expectDoc(textToDoc('a\nb\r\n\r\nc'), doc(p('a'), p('b'), p(), p('c')));
    });
  });
});

describe('HTML parsing of long documents', function () {
  this.timeout(RUNAWAY_MS);

  it('keeps the structure of a 30,000-block document with over 300,000 elements', () => {
    const item = '<li><p>a <strong>b</strong> <em>c</em> <u>d</u> <s>e</s> <a href="https://x.dev">f</a></p></li>';
    const block = `<ul>${item}${item}${item}</ul><table><tr><td><p>f</p></td></tr></table>`;
    const html = block.repeat(15_000);
    expect((html.match(/<[a-z]/g) ?? []).length).to.be.above(300_000);
    const doc = parseHTML(html);
    expect(doc.childCount).to.equal(30_000);
    expect(doc.child(29_999).type.name).to.equal('table');
  });
});
