import { expect } from '@open-wc/testing';
import { withoutInlineHandlers } from '../../../src/core/serialize/inline-handlers.js';
import { CORPUS } from '../security/corpus.js';
import { readPasteFixture, PASTE_FIXTURES } from '../../fixtures/paste/index.js';

/**
 * The browser's own reading of markup: every element with its attribute names, and where
 * texts stand, in order. Texts and attribute values are left out: one that reads like
 * a handler attribute (in a `<textarea>`, a comment, an attribute value) may lose that
 * part, as the cleaner reads every `<` as a possible tag.
 */
function shape(html: string, dropHandlers: boolean): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.ELEMENT_NODE) {
      const el = node as Element;
      const attrs = el.getAttributeNames().filter((name) => !(dropHandlers && /^on/i.test(name)));
      out.push(`<${el.localName} ${attrs.join(' ')}>`);
      const children = el instanceof HTMLTemplateElement ? el.content.childNodes : el.childNodes;
      children.forEach(walk);
      out.push(`</${el.localName}>`);
    } else if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.COMMENT_NODE) {
      out.push(`#${node.nodeType}`);
    }
  };
  template.content.childNodes.forEach(walk);
  return out.join('');
}

/** Every `on…` attribute the browser reads in the markup. */
function handlersIn(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const found: string[] = [];
  const visit = (root: ParentNode) =>
    root.querySelectorAll('*').forEach((el) => {
      for (const name of el.getAttributeNames()) if (/^on/i.test(name)) found.push(`${el.localName}[${name}]`);
      if (el instanceof HTMLTemplateElement) visit(el.content);
    });
  visit(template.content);
  return found;
}

const TRICKY = [
  '<img src=x onerror=alert(1)>',
  '<img/onerror=alert(1) src=x>',
  '<img src="x"onerror="alert(1)">',
  "<img src='a>b' onerror='alert(1)'>",
  '<IMG SRC=x ONERROR=alert(1)>',
  '<div title="onclick=alert(1)" data-on="x">text onclick=alert(1)</div>',
  '<svg><a onmouseover="alert(1)"><text>t</text></a></svg>',
  '<textarea><b onclick=alert(1)>not a tag</b></textarea><b onclick="alert(2)">tag</b>',
  '<style>p[onclick] { color: red }</style><p onclick="alert(1)">p</p>',
  '<!-- <p onclick="alert(1)"> --><p onclick=alert(2)>p</p>',
  '<![if !supportLists]><span onclick=alert(1)>·</span><![endif]>',
  '<p =onclick=alert(1) onclick>x</p>',
  '<a href="x" on="keep?" onfocus=alert(1) autofocus>a</a>',
  '<td onmouseover=alert(1)>cell</td>',
  '<p onclick="a">unterminated <b onclick=',
  'a < b and c<d onclick=x>e',
];

describe('withoutInlineHandlers', () => {
  it('leaves the browser nothing to compile and every element and attribute name as it read them, on tricky markup', () => {
    for (const html of TRICKY) {
      const cleaned = withoutInlineHandlers(html);
      expect(handlersIn(cleaned), html).to.deep.equal([]);
      expect(shape(cleaned, false), html).to.equal(shape(html, true));
    }
  });

  it('does the same for every markup payload of the security corpus', () => {
    const payloads = CORPUS.filter((entry) => typeof entry.html === 'string');
    expect(payloads.length).to.be.greaterThan(100);
    for (const entry of payloads) {
      const cleaned = withoutInlineHandlers(entry.html!);
      expect(handlersIn(cleaned), entry.name).to.deep.equal([]);
      expect(shape(cleaned, false), entry.name).to.equal(shape(entry.html!, true));
    }
  });

  it('keeps exactly what was written where nothing reads like a handler', () => {
    const html = '<p class="a" title=\'on top\' data-x=one>Only <b>on</b> <a href="https://example.com/on">online</a> onwards</p>';
    expect(withoutInlineHandlers(html)).to.equal(html);
    expect(withoutInlineHandlers('<p onclick="x" class=a>t</p>')).to.equal('<p class=a>t</p>');
  });

  it('gives up on markup built to keep yielding handlers, keeping its text', () => {
    // Removing a handler joins the `o` before it and the `n…` after it into the next one:
    // each pass uncovers one more, ten deep.
    let nested = ' onclick="y"';
    for (let i = 0; i < 10; i++) nested = ` o${nested}nclick="y"`;
    const html = `<img src=x o${nested}nerror=alert(1)>`;
    expect(handlersIn(html)).to.not.deep.equal([]);
    const cleaned = withoutInlineHandlers(html);
    expect(handlersIn(cleaned)).to.deep.equal([]);
    expect(cleaned.startsWith('&lt;img src=x o'), cleaned).to.equal(true);
  });

  it('changes nothing in what real apps put on the clipboard', async () => {
    for (const fixture of PASTE_FIXTURES) {
      const html = await readPasteFixture(fixture);
      if (handlersIn(html).length) continue;
      expect(withoutInlineHandlers(html), fixture.file).to.equal(html);
    }
  });
});
