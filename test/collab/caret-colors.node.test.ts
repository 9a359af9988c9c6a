import { expect } from 'chai';
import { caretColor } from '../../src/collab/editor-plugins.js';

/** WCAG's contrast ratio of `hex` with white. */
function contrastWithWhite(hex: string): number {
  const channel = (value: number) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [1, 3, 5].map((at) => channel(parseInt(hex.slice(at, at + 2), 16) / 255));
  return 1.05 / (0.2126 * r! + 0.7152 * g! + 0.0722 * b! + 0.05);
}

describe('caret colours', () => {
  it("a person who brings no colour gets one that carries the caret's white name at 4.5:1 or more", () => {
    const colours = new Set(Array.from({ length: 200 }, (_, i) => caretColor({ id: `person-${i}` })));
    expect(colours.size, 'the palette is used whole').to.be.greaterThan(4);
    for (const colour of colours) expect(contrastWithWhite(colour), colour).to.be.at.least(4.5);
  });

  it("keeps a host's own colour, and the same person gets the same colour everywhere", () => {
    expect(caretColor({ id: 'ann', color: '#123456' })).to.equal('#123456');
    expect(caretColor({ id: 'ann' })).to.equal(caretColor({ id: 'ann' }));
  });
});
