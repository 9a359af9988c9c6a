import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { mountEditor, pressWith, type TestEditor } from '../../helpers/editor.js';
import { serializeHTML } from '../../../src/core/serialize/html.js';

describe('typography', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  const cases: Array<[typed: string, expected: string]> = [
    ['a -- b', 'a — b'],
    ['go -> there', 'go → there'],
    ['back <- here', 'back ← here'],
    ['wait...', 'wait…'],
    ['(c) 2026', '© 2026'],
    ['Brand(tm)', 'Brand™'],
    ['Mark(r)', 'Mark®'],
    ['1/2 cup', '½ cup'],
    ['1/4 mile', '¼ mile'],
    ['3/4 done', '¾ done'],
    ['+/- 5', '± 5'],
    ['a != b', 'a ≠ b'],
    ['<<quote>>', '«quote»'],
    ['2x3 grid', '2×3 grid'],
    ['4 x 5', '4 × 5'],
    ['m^2 and m^3', 'm² and m³'],
  ];

  for (const [typed, expected] of cases) {
    it(`turns "${typed}" into "${expected}" as it is typed`, async () => {
      editor = mountEditor('<p></p>');
      await sendKeys({ type: typed });
      expect(editor.view.state.doc.textContent).to.equal(expected);
    });
  }

  it('leaves dates and larger fractions alone', async () => {
    editor = mountEditor('<p></p>');
    await sendKeys({ type: '11/2/2026 and 31/4' });
    expect(editor.view.state.doc.textContent).to.equal('11/2/2026 and 31/4');
  });

  it('does not fire inside a code block', async () => {
    editor = mountEditor('<pre><code></code></pre>');
    await sendKeys({ type: 'a -- b -> c (c) 1/2' });
    expect(editor.view.state.doc.textContent).to.equal('a -- b -> c (c) 1/2');
  });

  it('does not fire inside inline code', async () => {
    editor = mountEditor('<p><code>x</code></p>');
    await sendKeys({ type: ' -- (tm)' });
    expect(serializeHTML(editor.view.state.doc)).to.equal('<p><code>x -- (tm)</code></p>');
  });

  it('restores what was typed on undo right after a replacement', async () => {
    editor = mountEditor('<p></p>');
    await sendKeys({ type: 'a --' });
    expect(editor.view.state.doc.textContent).to.equal('a —');
    await pressWith('z', 'Control');
    expect(editor.view.state.doc.textContent).to.equal('a --');
  });

  it('restores what was typed on Backspace right after a replacement', async () => {
    editor = mountEditor('<p></p>');
    await sendKeys({ type: '(c)' });
    await sendKeys({ press: 'Backspace' });
    expect(editor.view.state.doc.textContent).to.equal('(c)');
  });
});
