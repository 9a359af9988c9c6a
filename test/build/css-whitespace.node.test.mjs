// The embed bundle's CSS literals lose their comments and indentation (scripts/rollup-css-whitespace.mjs),
// and nothing else: interpolations, selectors' descendant combinators and the line count stay.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tightenCssLiterals } from '../../scripts/rollup-css-whitespace.mjs';

test('a css literal loses comments and needless white space, its line breaks follow it, and its interpolations and meaningful spaces stay', () => {
  const source = [
    'const a = css`',
    '  /* The caret: a comment',
    '     over two lines. */',
    '  .content :is(p, li) > span {',
    '    width: ${WIDTH}px;',
    '    font: 0.8em/1.4 system-ui, sans-serif;',
    '  }',
    '  @media (prefers-color-scheme: dark) {',
    '    :host(:not([theme=\'light\'])) { ${dark} }',
    '  }',
    '`;',
    'const b = { styles: `',
    '    .content td > p {',
    '      margin: 0;',
    '    }`, other: `  kept  as  is  ` };',
  ].join('\n');
  const out = tightenCssLiterals(source);
  assert.equal(out.split('\n').length, source.split('\n').length, 'every line is where it was');
  assert.equal(
    out,
    [
      "const a = css` .content :is(p,li)>span{width:${WIDTH}px;font:0.8em/1.4 system-ui,sans-serif;}@media (prefers-color-scheme:dark){:host(:not([theme='light'])){${dark}}}`",
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      ';',
      'const b = { styles: ` .content td>p{margin:0;}`',
      '',
      '',
      ', other: `  kept  as  is  ` };',
    ].join('\n'),
  );
  assert.equal(tightenCssLiterals('const x = `a  b`;'), null, 'a file without CSS literals is left alone');
});
