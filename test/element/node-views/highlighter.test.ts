import { expect } from '@open-wc/testing';
import { refractor } from 'refractor/core';
import type { HighlightToken, Highlighter } from '../../../src/element/node-views/highlight.js';
import { createHighlighter } from '../../../src/element/node-views/highlighter.js';

type Tree = ReturnType<typeof refractor.highlight>;
type TreeChild = Tree['children'][number];

/**
 * refractor's own output (a hast tree) flattened into class ranges: what the editor
 * showed when it highlighted through `refractor.highlight()`. The highlighter now runs
 * Prism's tokenizer itself; this is the reference it must match.
 */
function reference(language: string, code: string): HighlightToken[] {
  const out: HighlightToken[] = [];
  const walk = (children: readonly TreeChild[], classes: readonly string[], offset: { at: number }): void => {
    for (const child of children) {
      if (child.type === 'text') {
        const from = offset.at;
        offset.at += child.value.length;
        if (classes.length && child.value.length) out.push({ from, to: offset.at, className: [...new Set(classes)].join(' ') });
      } else if (child.type === 'element') {
        const own = child.properties.className;
        const names = Array.isArray(own) ? own.map(String) : [];
        walk(child.children, names.length ? [...classes, ...names] : classes, offset);
      }
    }
  };
  walk(refractor.highlight(code, language).children, [], { at: 0 });
  return out;
}

/** Highlights `code`, waiting for the language's grammar the first time. */
async function highlight(highlighter: Highlighter, arrived: () => Promise<void>, language: string, code: string): Promise<HighlightToken[]> {
  const first = highlighter.highlight(language, code);
  if (first) return first;
  await arrived();
  const tokens = highlighter.highlight(language, code);
  expect(tokens, `${language} is highlighted once its grammar arrived`).to.not.equal(null);
  return tokens!;
}

const text = (code: string, tokens: HighlightToken[], className: string) =>
  tokens.filter((t) => t.className.split(' ').includes(className)).map((t) => code.slice(t.from, t.to));

describe('highlighter', () => {
  let highlighter: Highlighter;
  let arrivals: (() => void)[] = [];
  const arrived = () => new Promise<void>((resolve) => arrivals.push(resolve));

  beforeEach(() => {
    arrivals = [];
    highlighter = createHighlighter(
      () => {
        for (const resolve of arrivals.splice(0)) resolve();
      },
      (error) => {
        throw error;
      },
    );
  });

  const samples: [string, string][] = [
    ['javascript', 'const re = /ab+c/gi;\nclass Foo extends Bar { async run(x = `a${b + 1}c`) { return await x?.y ?? null; } } // done'],
    ['typescript', 'interface A<T> { readonly id: T }\nexport type B = A<string> | null;'],
    ['markup', '<p class="x" data-a=\'1\'>&amp; <!-- note --><br/></p>\n<script>let a = 1;</script><style>p { color: red }</style>'],
    ['php', '<p><?php echo $name; /* hi */ ?></p>'],
    ['python', '@decorator\ndef f(x: int) -> str:\n    return f"{x!r}"  # comment'],
    ['css', '@media (min-width: 10px) { .a > b::after { content: "\\201C"; color: #fff !important } }'],
    ['markdown', '# Title\n\n- [x] **bold** `code` [link](http://a.b)\n\n```js\nlet a = 1;\n```'],
    ['yaml', 'key: &anchor\n  - "value" # c\n  - !tag 12'],
    ['sql', "SELECT a, COUNT(*) FROM t WHERE b = 'x' -- c"],
    ['bash', 'for f in *.txt; do echo "$f ${HOME}"; done # loop'],
  ];

  for (const [language, code] of samples) {
    it(`gives the same class ranges as refractor's own output for ${language}`, async () => {
      const tokens = await highlight(highlighter, arrived, language, code);
      expect(tokens.length, 'something is highlighted').to.be.greaterThan(2);
      expect(tokens).to.deep.equal(reference(language, code));
    });
  }

  it('keeps nested tokens\' classes and aliases (a regex inside JavaScript, PHP inside HTML)', async () => {
    const js = 'const re = /ab+c/gi;';
    const tokens = await highlight(highlighter, arrived, 'javascript', js);
    expect(text(js, tokens, 'keyword')).to.deep.equal(['const']);
    // The regex literal's source carries its alias, under the regex token's own classes.
    expect(tokens.find((t) => js.slice(t.from, t.to) === 'ab+c')!.className).to.equal('token regex regex-source language-regex');

    const php = '<p><?php echo $name; ?></p>';
    const phpTokens = await highlight(highlighter, arrived, 'php', php);
    // markup-templating's hooks put the PHP back as one token inside the HTML.
    expect(phpTokens.find((t) => php.slice(t.from, t.to) === 'echo')!.className).to.equal('token php language-php keyword');
    expect(text(php, phpTokens, 'tag').join('')).to.include('<p');
  });

  it('gives null for a language it does not know', () => {
    expect(highlighter.highlight('klingon', 'qapla')).to.equal(null);
  });
});
