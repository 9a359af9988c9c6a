import { expect } from 'chai';
import { NodeSelection } from 'prosemirror-state';
import { fitImageSize, imageAt, insertImageAt, MIN_IMAGE_DIMENSION, resizeImage, setImageAlt, setImageSize } from '../../../src/core/commands/image.js';
import { apply, doc, expectDoc, img, p, stateFor, table, td, th, tr } from '../../helpers/builder.js';

const SRC = 'https://img.invalid/workspace/a.png';

describe('resizeImage', () => {
  it('stores the width and height in pixels when both are at least the minimum', () => {
    apply(doc(p('a'), img({ src: SRC })), resizeImage(3, 300, 150), doc(p('a'), img({ src: SRC, width: '300px', height: '150px' })));
  });

  it('scales a too-small size up so the smaller side is 100 px, keeping the ratio', () => {
    apply(doc(p('a'), img({ src: SRC })), resizeImage(3, 50, 25), doc(p('a'), img({ src: SRC, width: '200px', height: '100px' })));
  });

  it('scales up when only one side is under the minimum', () => {
    apply(doc(img({ src: SRC })), resizeImage(0, 80, 400), doc(img({ src: SRC, width: '100px', height: '500px' })));
    apply(doc(img({ src: SRC })), resizeImage(0, 640, 60), doc(img({ src: SRC, width: `${Math.round(640 * (100 / 60))}px`, height: '100px' })));
  });

  it('rounds to whole pixels', () => {
    apply(doc(img({ src: SRC })), resizeImage(0, 150.4, 120.6), doc(img({ src: SRC, width: '150px', height: '121px' })));
  });

  it('does not apply at a position that holds no image', () => {
    apply(doc(p('a'), img({ src: SRC })), resizeImage(0, 300, 150), null);
    apply(doc(p('a'), img({ src: SRC })), resizeImage(1, 300, 150), null);
  });

  it('does not apply at a position outside the document', () => {
    apply(doc(img({ src: SRC })), resizeImage(5, 300, 150), null);
    apply(doc(img({ src: SRC })), resizeImage(-1, 300, 150), null);
  });

  it('does not apply when the kept ratio would make a side larger than an image can store', () => {
    apply(doc(img({ src: SRC })), resizeImage(0, 1, 2000), null);
  });

  it('throws a RangeError for a size that is not a positive number', () => {
    expect(() => resizeImage(0, 0, 100)).to.throw(RangeError, /width/);
    expect(() => resizeImage(0, 100, Number.NaN)).to.throw(RangeError, /height/);
    expect(() => resizeImage(0, -5, 100)).to.throw(RangeError);
  });

  it('keeps a node selection on the resized image', () => {
    const state = stateFor(doc(p('a'), img({ src: SRC })));
    const selected = state.apply(state.tr.setSelection(NodeSelection.create(state.doc, 3)));
    let result = selected;
    resizeImage(3, 120, 240)(selected, (t) => (result = result.apply(t)));
    expect(result.selection).to.be.instanceOf(NodeSelection);
    expect((result.selection as NodeSelection).node.attrs).to.include({ width: '120px', height: '240px' });
  });
});

describe('setImageAlt', () => {
  it('sets the text alternative, trimmed', () => {
    apply(doc(p('a'), img({ src: SRC })), setImageAlt(3, '  A red kite over the hill '), doc(p('a'), img({ src: SRC, alt: 'A red kite over the hill' })));
  });

  it('replaces one text alternative with another, and removes it when the text is empty or blank', () => {
    apply(doc(img({ src: SRC, alt: 'Old' })), setImageAlt(0, 'New'), doc(img({ src: SRC, alt: 'New' })));
    apply(doc(img({ src: SRC, alt: 'Old' })), setImageAlt(0, '   '), doc(img({ src: SRC })));
    apply(doc(img({ src: SRC, alt: 'Old' })), setImageAlt(0, ''), doc(img({ src: SRC })));
  });

  it('keeps text as its attribute does: control characters out, at most 500 characters', () => {
    const state = stateFor(doc(img({ src: SRC })));
    let result = state;
    setImageAlt(0, `a\u0000b\u0007c ${'x'.repeat(600)}`)(state, (t) => (result = result.apply(t)));
    const alt = result.doc.firstChild!.attrs.alt as string;
    expect(alt.startsWith('abc x')).to.equal(true);
    expect(alt).to.have.length(500);
  });

  it('applies and changes nothing when the text is the same', () => {
    const state = stateFor(doc(img({ src: SRC, alt: 'Same' })));
    let dispatched = 0;
    expect(setImageAlt(0, ' Same ')(state, () => dispatched++)).to.equal(true);
    expect(dispatched).to.equal(0);
  });

  it('does not apply at a position that holds no image', () => {
    apply(doc(p('a'), img({ src: SRC })), setImageAlt(0, 'x'), null);
    apply(doc(img({ src: SRC })), setImageAlt(7, 'x'), null);
  });

  it('keeps a node selection on the image', () => {
    const state = stateFor(doc(p('a'), img({ src: SRC })));
    const selected = state.apply(state.tr.setSelection(NodeSelection.create(state.doc, 3)));
    let result = selected;
    setImageAlt(3, 'Kite')(selected, (t) => (result = result.apply(t)));
    expect(result.selection).to.be.instanceOf(NodeSelection);
    expect((result.selection as NodeSelection).node.attrs.alt).to.equal('Kite');
  });
});

describe('fitImageSize', () => {
  it('never gives a side under the minimum', () => {
    for (const [w, h] of [[1, 1], [99, 500], [3, 7], [100, 99.6], [12.5, 1000]]) {
      const size = fitImageSize(w, h);
      expect(Math.min(size.width, size.height), `${w}×${h}`).to.equal(MIN_IMAGE_DIMENSION);
    }
  });

  it('keeps the aspect ratio to within a pixel', () => {
    const size = fitImageSize(30, 70);
    expect(size.height / size.width).to.be.closeTo(70 / 30, 0.01);
  });
});

describe('setImageSize', () => {
  it('throws a RangeError when there is no image at the position', () => {
    const state = stateFor(doc(p('a')));
    expect(() => setImageSize(state.tr, 0, 200, 200)).to.throw(RangeError, /No image/);
  });
});

describe('insertImageAt', () => {
  const image = img({ src: SRC });

  function insert(input: ReturnType<typeof doc>, pos: number) {
    const state = stateFor(input);
    return insertImageAt(state.tr, pos, SRC).doc;
  }

  it('replaces an empty paragraph with the image', () => {
    expectDoc(insert(doc(p('a'), p()), 4), doc(p('a'), image));
  });

  it('puts the image after a paragraph when at its end, and before it when at its start', () => {
    expectDoc(insert(doc(p('ab')), 3), doc(p('ab'), image));
    expectDoc(insert(doc(p('ab')), 1), doc(image, p('ab')));
  });

  it('splits a paragraph around the image when in its middle', () => {
    expectDoc(insert(doc(p('abcd')), 3), doc(p('ab'), image, p('cd')));
  });

  it('puts the image outside a header cell, which holds paragraphs only', () => {
    const atStart = insert(doc(table(tr(th(p('hi')))), p('x')), 4);
    atStart.check();
    expect(atStart.child(0).type.name).to.equal('image');
    const inMiddle = insert(doc(table(tr(th(p('hi')))), p('x')), 5);
    inMiddle.check();
    const top: string[] = [];
    inMiddle.forEach((child) => top.push(child.type.name));
    expect(top).to.include('image');
    expect(inMiddle.textContent).to.equal('hix');
  });

  it('refuses an unsafe address', () => {
    const state = stateFor(doc(p('a')));
    expect(() => insertImageAt(state.tr, 1, 'javascript:alert(1)')).to.throw(RangeError, /Unsafe/);
    expect(() => insertImageAt(state.tr, 1, 'data:image/png;base64,AAAA')).to.throw(RangeError, /Unsafe/);
  });

  it('refuses a position outside the document', () => {
    const state = stateFor(doc(p('a')));
    expect(() => insertImageAt(state.tr, 99, SRC)).to.throw(RangeError, /outside/);
  });

  it('finds images by position', () => {
    const built = doc(p('a'), image, table(tr(td(p('c')))));
    expect(imageAt(built, 3)?.attrs.src).to.equal(SRC);
    expect(imageAt(built, 0)).to.equal(null);
    expect(imageAt(built, 1000)).to.equal(null);
  });
});
