// A rollup plugin for the embed bundle: the CSS our sources write in template literals (Lit's
// `css` tags and the blocks' `styles`) loses its comments, indentation and line breaks. Terser
// leaves a string's text as it is, and that text was a sixth of the entry. The line breaks taken
// out of a literal are put back right after it, as JavaScript's white space (which terser drops),
// so every line of the file stays where it was and the source map still finds it.

/** Where a CSS template literal starts: a `css` tag or a block's `styles:` field. */
const START = /\bcss`|\bstyles: `/g;

/** The CSS text between a literal's interpolations without comments or needless white space, and the line breaks it held. */
export function tightenCss(text) {
  const breaks = text.replace(/[^\n]/g, '');
  const css = text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\s+/g, ' ')
    // No space is needed beside a brace, a semicolon, a comma or a child combinator, nor after
    // a colon (a selector's colon is never followed by a space).
    .replace(/ ?([{};,>]) ?|: /g, (_match, mark = ':') => mark);
  return { css, breaks };
}

/**
 * Rewrites each CSS literal's text in `code`, leaving its interpolations (`${…}`) as they are;
 * `null` when there is none.
 */
export function tightenCssLiterals(code) {
  let out = '';
  let at = 0;
  START.lastIndex = 0;
  for (let match = START.exec(code); match; match = START.exec(code)) {
    let i = match.index + match[0].length;
    out += code.slice(at, i);
    let text = '';
    let breaks = '';
    const flush = () => {
      const tight = tightenCss(text);
      out += tight.css;
      breaks += tight.breaks;
      text = '';
    };
    while (i < code.length && code[i] !== '`') {
      if (code[i] === '\\') {
        text += code.slice(i, i + 2);
        i += 2;
      } else if (code[i] === '$' && code[i + 1] === '{') {
        flush();
        // An interpolation is copied as written, to its matching brace.
        let depth = 0;
        const start = i;
        do {
          if (code[i] === '{') depth++;
          else if (code[i] === '}') depth--;
          i++;
        } while (depth > 0 && i < code.length);
        out += code.slice(start, i);
      } else text += code[i++];
    }
    flush();
    // The closing backtick, then the literal's line breaks as the script's own white space.
    out += code[i] + breaks;
    at = i + 1;
    START.lastIndex = at;
  }
  return at ? out + code.slice(at) : null;
}

/** The plugin: our own TypeScript sources only. */
export function cssWhitespace() {
  return {
    name: 'css-whitespace',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id)) return null;
      const tightened = tightenCssLiterals(code);
      // Lines are kept (only columns on a literal's lines move), so the incoming map holds.
      return tightened === null ? null : { code: tightened, map: null };
    },
  };
}
