import { expect } from 'chai';
import { parseHTML, serializeHTML } from '../../src/core/index.js';

describe('smoke', () => {
  it('parses and serialises a paragraph', () => {
    const doc = parseHTML('<p>Hello <strong>world</strong></p>');
    expect(serializeHTML(doc)).to.equal('<p>Hello <strong>world</strong></p>');
  });
});
