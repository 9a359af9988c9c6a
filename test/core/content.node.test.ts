import { expect } from 'chai';
import { hasContent } from '../../src/core/content.js';
import { br, doc, h1, hr, img, li, mention, p, table, td, tr, ul } from '../helpers/builder.js';

describe('hasContent (what `required` counts as a value)', () => {
  it('counts text, images, mentions and rules', () => {
    expect(hasContent(doc(p('a')))).to.equal(true);
    expect(hasContent(doc(p(' ')))).to.equal(true);
    expect(hasContent(doc(p(), img({ src: 'https://example.com/a.png' })))).to.equal(true);
    expect(hasContent(doc(p(mention({ id: 'u1', label: 'Ada' }))))).to.equal(true);
    expect(hasContent(doc(hr()))).to.equal(true);
    expect(hasContent(doc(p('a', br())))).to.equal(true);
  });

  it('does not count empty blocks or line breaks alone', () => {
    expect(hasContent(doc(p()))).to.equal(false);
    expect(hasContent(doc(p(), h1(), ul(li(p()))))).to.equal(false);
    expect(hasContent(doc(table(tr(td(p()), td(p())))))).to.equal(false);
    expect(hasContent(doc(p(br())))).to.equal(false);
    expect(hasContent(doc(p(br(), br()), p(br())))).to.equal(false);
  });
});
