import { expect } from 'chai';
import type { Node as PMNode } from 'prosemirror-model';
import { LINK_REL, parseHTML, schema, serializeHTML } from '../../../src/core/index.js';
import { a, br, code, doc, em, expectDoc, mention, p, s, strong, u } from '../../helpers/builder.js';

/** HTML → doc → HTML → doc, checking the document and the markup on the way. */
function roundTrip(html: string, expected: PMNode, markup: string): void {
  const parsed = parseHTML(html);
  expectDoc(parsed, expected);
  expect(serializeHTML(parsed)).to.equal(markup);
  expectDoc(parseHTML(markup), expected);
}

/** The marks on the first text of a one-paragraph document, by name. */
function marksOf(html: string): string[] {
  const text = parseHTML(html).firstChild!.firstChild;
  return text ? text.marks.map((mark) => mark.type.name) : [];
}

const LINK = { href: 'https://example.com/a', target: '_blank', rel: LINK_REL };
const LINK_MARKUP = `href="https://example.com/a" target="_blank" rel="${LINK_REL}"`;

describe('schema marks', () => {
  describe('bold', () => {
    it('bold round trips as <strong>', () => {
      roundTrip('<p><strong>b</strong></p>', doc(p(strong('b'))), '<p><strong>b</strong></p>');
    });

    it('<b> and a bold font-weight are bold', () => {
      expect(marksOf('<p><b>x</b></p>')).to.deep.equal(['bold']);
      expect(marksOf('<p><span style="font-weight: 700">x</span></p>')).to.deep.equal(['bold']);
      expect(marksOf('<p><span style="font-weight: bold">x</span></p>')).to.deep.equal(['bold']);
    });

    it('Google Docs’ <b style="font-weight:normal"> wrapper is not bold', () => {
      expect(marksOf('<b style="font-weight: normal"><p>x</p></b>')).to.deep.equal([]);
    });

    it('a light font-weight is not bold', () => {
      expect(marksOf('<p><span style="font-weight: 400">x</span></p>')).to.deep.equal([]);
    });
  });

  describe('italic', () => {
    it('italic round trips as <em>', () => {
      roundTrip('<p><em>i</em></p>', doc(p(em('i'))), '<p><em>i</em></p>');
    });

    it('<i> and font-style: italic are italic', () => {
      expect(marksOf('<p><i>x</i></p>')).to.deep.equal(['italic']);
      expect(marksOf('<p><span style="font-style: italic">x</span></p>')).to.deep.equal(['italic']);
    });
  });

  describe('underline', () => {
    it('underline round trips as <u>', () => {
      roundTrip('<p><u>x</u></p>', doc(p(u('x'))), '<p><u>x</u></p>');
    });

    it('text-decoration: underline is underline', () => {
      expect(marksOf('<p><span style="text-decoration: underline">x</span></p>')).to.deep.equal(['underline']);
    });
  });

  describe('strike', () => {
    it('strike round trips as <s>', () => {
      roundTrip('<p><s>x</s></p>', doc(p(s('x'))), '<p><s>x</s></p>');
    });

    it('<del>, <strike> and line-through are strike', () => {
      expect(marksOf('<p><del>x</del></p>')).to.deep.equal(['strike']);
      expect(marksOf('<p><strike>x</strike></p>')).to.deep.equal(['strike']);
      expect(marksOf('<p><span style="text-decoration: line-through">x</span></p>')).to.deep.equal(['strike']);
    });
  });

  describe('code', () => {
    it('inline code round trips as <code>', () => {
      roundTrip('<p>a <code>b()</code></p>', doc(p('a ', code('b()'))), '<p>a <code>b()</code></p>');
    });

    it('code inside other marks drops them', () => {
      expect(marksOf('<p><strong><em><code>x</code></em></strong></p>')).to.deep.equal(['code']);
    });

    it('other marks inside code are dropped', () => {
      expect(marksOf('<p><code><strong>x</strong></code></p>')).to.deep.equal(['code']);
    });

    it('code and a link cannot share text', () => {
      expect(marksOf('<p><a href="https://example.com"><code>x</code></a></p>')).to.deep.equal(['code']);
    });

    it('the schema refuses code together with another mark', () => {
      const bold = schema.marks.bold.create();
      const inline = schema.marks.code.create();
      expect(inline.addToSet([bold]).map((mark) => mark.type.name)).to.deep.equal(['code']);
      expect(bold.addToSet([inline]).map((mark) => mark.type.name)).to.deep.equal(['code']);
    });
  });

  describe('link', () => {
    it('a link round trips with target _blank and the fixed rel', () => {
      roundTrip('<p><a href="https://example.com/a">x</a></p>', doc(p(a(LINK, 'x'))), `<p><a ${LINK_MARKUP}>x</a></p>`);
    });

    it('defaults: target _blank, rel noopener noreferrer nofollow, no class; an address is required', () => {
      expect(schema.marks.link.create({ href: 'https://example.com' }).attrs).to.deep.equal({
        href: 'https://example.com',
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
        class: null,
      });
      expect(() => schema.marks.link.create()).to.throw(RangeError);
      expect(() => schema.marks.link.create({ href: '' })).to.throw(RangeError);
    });

    it('a link keeps a valid target and class', () => {
      const attrs = { ...LINK, target: '_self', class: 'external big' };
      roundTrip(
        '<p><a href="https://example.com/a" target="_self" class="external  big">x</a></p>',
        doc(p(a(attrs, 'x'))),
        `<p><a href="https://example.com/a" target="_self" rel="${LINK_REL}" class="external big">x</a></p>`,
      );
    });

    it('an unknown target becomes _blank and a bad class is dropped', () => {
      const link = parseHTML('<p><a href="https://example.com" target="evil" class="a&quot;b">x</a></p>').firstChild!.firstChild!.marks[0];
      expect(link.attrs).to.include({ target: '_blank', class: null });
    });

    it('rel is always noopener noreferrer nofollow, whatever arrives', () => {
      const link = parseHTML('<p><a href="https://example.com" rel="opener">x</a></p>').firstChild!.firstChild!.marks[0];
      expect(link.attrs.rel).to.equal(LINK_REL);
      expect(() => schema.marks.link.create({ href: 'https://example.com', rel: 'opener' })).to.throw(RangeError);
    });

    it('a link to a refused address (javascript:, data:, vbscript:, mailto:, file:, relative, empty) keeps its text and drops the link', () => {
      const refused = ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', ' JaVaScRiPt:alert(1)', 'mailto:a@example.com', 'file:///etc/passwd', '/relative/page', '#top', ''];
      for (const href of refused) {
        const parsed = parseHTML(`<p>a <a href="${href.replace(/"/g, '&quot;')}">x</a> b</p>`);
        expect(parsed.firstChild!.firstChild!.marks, href).to.deep.equal([]);
        expect(serializeHTML(parsed), href).to.equal('<p>a x b</p>');
      }
    });

    it('the schema refuses an unsafe href', () => {
      expect(() => schema.marks.link.create({ href: 'javascript:alert(1)' })).to.throw(RangeError);
    });

    it('an <a> without href is plain text', () => {
      expectDoc(parseHTML('<p><a name="x">y</a></p>'), doc(p('y')));
    });

    it('a link may cover other marks, a hard break and a mention', () => {
      const ada = mention({ id: 'u1', label: 'Ada' });
      const linked = doc(p(a(LINK, 'a', strong('b', em('c')), br(), ada)));
      expectDoc(parseHTML(serializeHTML(linked)), linked);
    });
  });

  it('marks nest in schema order: link, bold, italic, underline, strike', () => {
    const all = doc(p(a(LINK, strong(em(u(s('x')))))));
    expect(serializeHTML(all)).to.equal(`<p><a ${LINK_MARKUP}><strong><em><u><s>x</s></u></em></strong></a></p>`);
    expectDoc(parseHTML('<p><s><u><em><strong><a href="https://example.com/a">x</a></strong></em></u></s></p>'), all);
  });

  it('adjacent texts with different marks round trip', () => {
    const mixed = doc(p(strong('a'), em('b'), 'c', strong(em('d')), code('e'), u('f')));
    roundTrip(serializeHTML(mixed), mixed, '<p><strong>a</strong><em>b</em>c<strong><em>d</em></strong><code>e</code><u>f</u></p>');
  });
});
