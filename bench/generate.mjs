// A seeded generator of realistic issue-tracker documents, as HTML, for the benchmark.
// Every target reads the same HTML; a fixed seed makes every run compare the same documents.

/** A small, fast PRNG (mulberry32): the same seed gives the same sequence. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ('the issue sprint backlog release bug fix deploy review comment owner estimate label cycle module ' +
  'project state priority urgent blocked story epic feature api client server cache query index render layout ' +
  'editor paragraph table image link mention team design spec draft merge branch test build pipeline staging ' +
  'customer report latency memory startup regression migration schema column filter view board timeline').split(' ');
const PEOPLE = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov', 'Ken Thompson'];

/** Escapes text for HTML content and attributes. */
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Builds an HTML document of `blocks` top-level blocks from `seed`. `text`: a document of text
 * only (paragraphs, headings, lists, quotes, marks, links and mentions: what most descriptions
 * are), without the tables, code blocks and images the benchmark's documents mix in.
 */
export function generateDocument(blocks, seed = 42, { text = false } = {}) {
  const rnd = random(seed);
  const int = (min, max) => min + Math.floor(rnd() * (max - min + 1));
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const words = (min, max) => Array.from({ length: int(min, max) }, () => pick(WORDS)).join(' ');
  let mentionId = 0;

  const mention = () => {
    const name = pick(PEOPLE);
    const id = `user-${++mentionId % 97}`;
    return `<span data-type="mention" data-id="${id}" data-label="${esc(name)}" data-target="users" data-entity-identifier="${id}" data-entity-name="user_mention" data-redirect-uri="/users/${id}">@${esc(name)}</span>`;
  };
  // Inline content: plain words with bold, italic, code, links and mentions mixed in.
  const inline = (min, max) => {
    const parts = [];
    const n = int(min, max);
    for (let i = 0; i < n; i++) {
      const r = rnd();
      const text = esc(words(1, 4));
      if (r < 0.1) parts.push(`<strong>${text}</strong>`);
      else if (r < 0.18) parts.push(`<em>${text}</em>`);
      else if (r < 0.22) parts.push(`<code>${text}</code>`);
      else if (r < 0.28) parts.push(`<a href="https://example.com/issues/${int(1, 9999)}">${text}</a>`);
      else if (r < 0.31) parts.push(mention());
      else parts.push(text);
    }
    return parts.join(' ');
  };
  const listItems = (kind, depth) => {
    const n = int(2, 5);
    let out = '';
    for (let i = 0; i < n; i++) {
      const nested = depth < 2 && rnd() < 0.2 ? list(rnd() < 0.5 ? kind : 'bullet', depth + 1) : '';
      if (kind === 'task') {
        const checked = rnd() < 0.4;
        out += `<li data-type="taskItem" data-checked="${checked}"><label><input type="checkbox"${checked ? ' checked' : ''}></label><div><p>${inline(1, 3)}</p>${nested}</div></li>`;
      } else out += `<li><p>${inline(1, 4)}</p>${nested}</li>`;
    }
    return out;
  };
  const list = (kind, depth = 0) => {
    if (kind === 'task') return `<ul data-type="taskList">${listItems(kind, depth)}</ul>`;
    const tag = kind === 'ordered' ? 'ol' : 'ul';
    return `<${tag}>${listItems(kind, depth)}</${tag}>`;
  };
  const table = () => {
    const cols = int(3, 5);
    const head = `<tr>${Array.from({ length: cols }, () => `<th><p>${esc(words(1, 2))}</p></th>`).join('')}</tr>`;
    const rows = Array.from({ length: int(3, 6) }, () => `<tr>${Array.from({ length: cols }, () => `<td><p>${inline(1, 2)}</p></td>`).join('')}</tr>`);
    return `<table><tbody>${head}${rows.join('')}</tbody></table>`;
  };
  const code = () => {
    const lines = Array.from({ length: int(2, 8) }, () => `const ${pick(WORDS)} = ${pick(WORDS)}(${int(0, 99)});`);
    return `<pre><code class="language-javascript">${esc(lines.join('\n'))}</code></pre>`;
  };

  const out = [];
  for (let i = 0; i < blocks; i++) {
    if (i % 200 === 199 && !text) {
      out.push(table());
      continue;
    }
    const r = rnd();
    if (r < 0.5) out.push(`<p>${inline(2, 8)}</p>`);
    else if (r < 0.58) {
      const level = int(1, 3);
      out.push(`<h${level}>${esc(words(2, 6))}</h${level}>`);
    } else if (r < 0.66) out.push(list('bullet'));
    else if (r < 0.71) out.push(list('ordered'));
    else if (r < 0.76) out.push(list('task'));
    else if (r < 0.82) out.push(`<blockquote><p>${inline(2, 5)}</p></blockquote>`);
    else if (r < 0.9 && text) out.push(`<p>${inline(2, 8)}</p>`);
    else if (r < 0.87) out.push(code());
    else if (r < 0.9) out.push(`<img src="/bench/img/figure-${int(1, 40)}.png" alt="${esc(words(2, 4))}">`);
    else out.push(`<p>${inline(6, 16)}</p>`);
  }
  return out.join('');
}
