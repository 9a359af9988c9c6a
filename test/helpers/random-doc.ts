/**
 * Seeded random documents for property-based tests. `randomDoc` covers the whole
 * schema (every node, mark and attribute); with `markdownSubset` it stays within what
 * markdown expresses losslessly. The same seed always gives the same document, so a
 * failing seed printed by a test reproduces the failure.
 */
import { Mark, type Node as PMNode } from 'prosemirror-model';
import { emptyDoc, LINK_REL, schema, TABLE_COLORS, trimEmptyParagraphs } from '../../src/core/index.js';

/** Options of `randomDoc`. */
export interface RandomDocOptions {
  /** Only what markdown expresses losslessly; each exclusion is explained where the generator makes it. */
  markdownSubset?: boolean;
  /** How deep blocks may nest (lists, quotes, tables); 3 by default. */
  maxDepth?: number;
  /** Most blocks at the top level (fewer inside containers); 6 by default. */
  maxBlocks?: number;
}

/** A small, fast, seeded PRNG (mulberry32): returns numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The document an HTML round trip gives back: serializeHTML trims leading and
 * trailing empty paragraphs (spec section 3) and an empty value parses to one empty
 * paragraph (spec section 5).
 */
export function canonicalHtmlDoc(doc: PMNode): PMNode {
  const content = trimEmptyParagraphs(doc);
  return content.childCount ? doc.type.create(doc.attrs, content) : emptyDoc(doc.type.schema);
}

const n = schema.nodes;
const m = schema.marks;

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éüßçñøå中文日本😀';
/** Plain text may hold anything a user can type on one line: HTML specials, tabs, nbsp, runs of spaces. */
const TEXT_CHARS = `${LETTERS}      \t\u00a0<>&"'/\\*_\`[]#-+.,;:!?()|~=`;
/** Code keeps every character but CR (the HTML parser turns CR into LF) and NUL. */
const CODE_CHARS = `${TEXT_CHARS}\n\n\n    \t\t{}`;
/** Characters markdown escapes inside a word; a word never starts or ends with one. */
const MD_INNER = `'-*_[]\`\\~`;
const MD_TRAILING = '.,!?;:';
const LANGUAGES = ['plaintext', 'typescript', 'js', 'c++', 'c#', 'objective-c', 'python3', 'shell', 'x.y_z'];
const IMAGE_SRCS = [
  'https://cdn.example.com/assets/photo.png',
  'http://example.org/img?size=large&v=2',
  '/api/workspaces/acme/file-assets/3f1c.webp',
  'uploads/2024/picture.jpeg',
  'blob:https://app.example.com/6f0e1c2a-33b1-4ad5-9a8e-0c5b9c1f2d3e',
];
const REDIRECTS = ['/', '/acme/profile/42', '/acme/projects/7/issues/9', 'https://example.com/u/1?tab=x'];

type Rng = () => number;

/** The random choices of one document; holds no state but the generator. */
class Gen {
  constructor(
    private readonly rng: Rng,
    readonly md: boolean,
    readonly maxDepth: number,
    readonly maxBlocks: number,
  ) {}

  int(lo: number, hi: number): number {
    return lo + Math.floor(this.rng() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.rng() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rng() * items.length)];
  }

  chars(alphabet: string, lo: number, hi: number): string {
    // Array.from splits by code point, so an emoji is never cut in half.
    const list = Array.from(alphabet);
    let out = '';
    for (let i = this.int(lo, hi); i > 0; i--) out += this.pick(list);
    return out;
  }

  token(): string {
    return this.pick(['a', 'b', 'x', 'mention', 'item']) + this.chars('abcdefghij0123456789-_', 0, 6);
  }

  // ------------------------------------------------------------ attributes

  color(role: 'background' | 'textColor'): string | null {
    const roll = this.rng();
    if (roll < 0.4) return null;
    if (roll < 0.7) return this.pick(TABLE_COLORS)[role];
    return '#' + this.chars('0123456789abcdef', 3, 3) + (this.chance(0.7) ? this.chars('0123456789abcdef', 3, 3) : '');
  }

  dimension(): string {
    const value = this.chance(0.3) ? `${this.int(1, 999)}.${this.int(1, 9)}` : String(this.int(1, 2000));
    const percent = this.chance(0.5);
    return percent ? `${Math.min(Number(value), 100)}%` : `${value}px`;
  }

  href(): string {
    // Markdown link destinations end at a space or an unbalanced parenthesis, so the subset
    // keeps to plain absolute URLs. A link always has an address (the schema requires one).
    if (this.md) return this.pick(['https://example.com', 'http://example.org/docs/']) + this.token();
    return this.pick([
      'https://example.com',
      'https://example.com/path/to?q=1&r=two#frag',
      'http://sub.example.org:8080/a%20b',
      'https://例え.jp/パス',
      'https://example.com/a"b<c>\'d',
      `https://example.com/${this.token()}`,
    ]);
  }

  link(): Mark {
    // A markdown link is only a destination: target, rel and class would be lost.
    if (this.md) return m.link.create({ href: this.href() });
    return m.link.create({
      href: this.href(),
      target: this.pick(['_blank', '_self', '_parent', '_top']),
      rel: LINK_REL,
      class: this.chance(0.5) ? null : Array.from({ length: this.int(1, 3) }, () => this.token()).join(' '),
    });
  }

  // ------------------------------------------------------------ inline content

  /** A mark set: code alone (it excludes every other mark), or any mix of the others. */
  marks(links: readonly Mark[]): readonly Mark[] {
    if (this.chance(0.4)) return Mark.none;
    if (this.chance(0.12)) return [m.code.create()];
    // Markdown has no underline.
    const types = this.md ? [m.bold, m.italic, m.strike] : [m.bold, m.italic, m.underline, m.strike];
    const set = types.filter(() => this.chance(0.4)).map((t) => t.create());
    if (this.chance(0.3)) set.push(this.pick(links));
    return Mark.setFrom(set);
  }

  mention(marks: readonly Mark[]): PMNode {
    const maybe = (value: () => string) => (this.chance(0.2) ? null : value());
    return n.mention.createChecked(
      {
        id: maybe(() => this.chars('0123456789abcdef-', 8, 36)),
        label: maybe(() => this.chars(`${LETTERS}  .'-@`, 1, 20)),
        target: maybe(() => this.pick(['users', 'issues', 'user_mention'])),
        self: this.chance(0.5),
        redirect_uri: this.pick(REDIRECTS),
        entity_identifier: maybe(() => this.chars('0123456789abcdef-', 1, 36)),
        entity_name: maybe(() => this.pick(['user_mention', 'issue_mention', this.chars(`${LETTERS} <>&"'`, 1, 12)])),
      },
      null,
      marks,
    );
  }

  /**
   * Inline content of a text block. Text never holds a line break: the HTML parser
   * folds formatting newlines into a space (documented in serialize/html.ts), and a
   * line break the user types is a hard_break.
   */
  inline(opts: { breaks: boolean; empty: boolean }): PMNode[] {
    if (this.md) return this.mdInline(opts.breaks);
    if (opts.empty && this.chance(0.12)) return [];
    const links = [this.link(), this.link()];
    const out: PMNode[] = [];
    for (let i = this.int(1, 6); i > 0; i--) {
      const marks = this.marks(links);
      const roll = this.rng();
      if (roll < 0.1 && opts.breaks) out.push(n.hard_break.createChecked(null, null, marks));
      else if (roll < 0.2) out.push(this.mention(marks));
      else out.push(schema.text(this.chars(TEXT_CHARS, 1, 14), marks));
    }
    return out;
  }

  /**
   * A word that needs no more than markdown's own escaping. No `&`, `<` or `>`:
   * markdown readers decode entities and read inline HTML, and markdown writers do not
   * escape them. Punctuation such as `.` only ends a word, so no word looks like a
   * domain that a linkifying reader would turn into a link.
   */
  word(): string {
    let word = this.chars(LETTERS, 1, 6);
    if (this.chance(0.2)) word += this.pick(Array.from(MD_INNER)) + this.chars(LETTERS, 1, 3);
    if (this.chance(0.2)) word += this.pick(Array.from(MD_TRAILING));
    return word;
  }

  /**
   * Markdown inline content: words separated by single spaces. Emphasis cannot begin
   * or end with whitespace in markdown (delimiters must be flanking), so marks change
   * only at word boundaries and a space carries only the marks both its words share.
   * A hard break replaces a space between two words: markdown drops spaces around a
   * break and has no break at the start or end of a paragraph, and a code span cannot
   * hold one, so a break never carries the code mark. There are no mentions: markdown
   * has no syntax for them.
   */
  mdInline(breaks: boolean): PMNode[] {
    const links = [this.link(), this.link()];
    const words = Array.from({ length: this.int(1, 8) }, () => ({ text: this.word(), marks: this.marks(links) }));
    const out: PMNode[] = [];
    words.forEach((word, i) => {
      if (i > 0) {
        const shared = word.marks.filter((mark) => mark.isInSet(words[i - 1].marks));
        if (breaks && this.chance(0.1)) out.push(n.hard_break.createChecked(null, null, m.code.removeFromSet(shared)));
        else out.push(schema.text(' ', shared));
      }
      out.push(schema.text(word.text, word.marks));
    });
    return out;
  }

  paragraph(opts: { breaks?: boolean; empty?: boolean } = {}): PMNode {
    // Markdown has no empty paragraph: blank lines only separate blocks.
    return n.paragraph.createChecked(null, this.inline({ breaks: opts.breaks ?? true, empty: (opts.empty ?? true) && !this.md }));
  }

  // ------------------------------------------------------------ blocks

  codeBlock(): PMNode {
    let text = this.chance(0.1) ? '' : this.chars(CODE_CHARS, 1, 60);
    // A fenced block always ends in a newline that is not part of its content.
    if (this.md) text = text.replace(/\n+$/, '');
    return n.code_block.createChecked({ language: this.pick(LANGUAGES) }, text ? schema.text(text) : null);
  }

  image(): PMNode {
    // Always a src: an image without one has no HTML form (the parser drops it, as it drops unsafe ones).
    const src = this.pick(IMAGE_SRCS);
    // A text alternative of words (markdown's syntax among them) half the time.
    const alt = this.chance(0.5) ? null : Array.from({ length: this.int(1, 4) }, () => this.word()).join(' ');
    // Markdown's ![alt](src) has no size: only the default width and no height survive.
    if (this.md) return n.image.createChecked({ src, alt });
    const width = this.chance(0.3) ? '35%' : this.dimension();
    return n.image.createChecked({ src, width, height: this.chance(0.5) ? null : this.dimension(), alt });
  }

  listItems(type: 'list_item' | 'task_item', depth: number): PMNode[] {
    return Array.from({ length: this.int(1, 3) }, () => {
      const content = [this.paragraph(), ...this.blocks(depth + 1, this.int(0, 2))];
      const attrs = type === 'task_item' ? { checked: this.chance(0.5) } : null;
      return n[type].createChecked(attrs, content);
    });
  }

  orderedStart(): number {
    const roll = this.rng();
    if (roll < 0.5) return 1;
    if (roll < 0.9) return this.int(0, 100);
    return this.int(0, 999_999_999);
  }

  table(depth: number): PMNode {
    if (this.md) return this.mdTable();
    const rows = this.int(1, 4);
    const cols = this.int(1, 4);
    const headerRow = this.chance(0.4);
    const headerCol = this.chance(0.3);
    const owner: boolean[][] = Array.from({ length: rows }, () => Array<boolean>(cols).fill(false));
    const built: PMNode[] = [];
    for (let r = 0; r < rows; r++) {
      const cells: PMNode[] = [];
      for (let c = 0; c < cols; c++) {
        if (owner[r][c]) continue;
        let colspan = 1;
        let rowspan = 1;
        // Merged cells cover a free rectangle, so the table stays a well-formed grid.
        if (this.chance(0.2)) {
          while (colspan < 3 && c + colspan < cols && !owner[r][c + colspan] && this.chance(0.5)) colspan++;
          while (rowspan < 3 && r + rowspan < rows && this.chance(0.5)) rowspan++;
        }
        for (let dr = 0; dr < rowspan; dr++) for (let dc = 0; dc < colspan; dc++) owner[r + dr][c + dc] = true;
        const header = (headerRow && r === 0) || (headerCol && c === 0);
        const attrs = {
          colspan,
          rowspan,
          colwidth: this.chance(0.5) ? null : Array.from({ length: colspan }, () => this.int(20, 600)),
          background: this.color('background'),
          textColor: this.color('textColor'),
        };
        // Header cells hold paragraphs only (spec section 5).
        const content = header
          ? Array.from({ length: this.int(1, 2) }, () => this.paragraph())
          : this.blocks(depth + 1, this.int(1, 2));
        cells.push((header ? n.table_header : n.table_cell).createChecked(attrs, content));
      }
      built.push(n.table_row.createChecked({ background: this.color('background'), textColor: this.color('textColor') }, cells));
    }
    return n.table.createChecked(null, built);
  }

  /**
   * A GFM table: one header row, then plain rows, all of one width. Cells hold one line
   * of inline text, and GFM has no spans, widths or colours.
   */
  mdTable(): PMNode {
    const cols = this.int(1, 4);
    const row = (type: 'table_header' | 'table_cell') =>
      n.table_row.createChecked(
        null,
        Array.from({ length: cols }, () => n[type].createChecked(null, this.paragraph({ breaks: false }))),
      );
    return n.table.createChecked(null, [row('table_header'), ...Array.from({ length: this.int(0, 3) }, () => row('table_cell'))]);
  }

  block(depth: number): PMNode {
    const leaf = depth >= this.maxDepth;
    const kinds = leaf
      ? ['paragraph', 'heading', 'code', 'hr', 'image']
      : ['paragraph', 'paragraph', 'heading', 'code', 'hr', 'image', 'quote', 'bullet', 'ordered', 'task', 'table'];
    switch (this.pick(kinds)) {
      case 'heading':
        // Markdown headings are one line: no hard breaks.
        return n.heading.createChecked({ level: this.int(1, 3) }, this.inline({ breaks: !this.md, empty: !this.md }));
      case 'code':
        return this.codeBlock();
      case 'hr':
        return n.horizontal_rule.createChecked();
      case 'image':
        return this.image();
      case 'quote':
        return n.blockquote.createChecked(null, this.blocks(depth + 1, this.int(1, 3)));
      case 'bullet':
        return n.bullet_list.createChecked(null, this.listItems('list_item', depth));
      case 'ordered':
        return n.ordered_list.createChecked({ start: this.orderedStart() }, this.listItems('list_item', depth));
      case 'task':
        return n.task_list.createChecked(null, this.listItems('task_item', depth));
      case 'table':
        return this.table(depth);
      default:
        return this.paragraph();
    }
  }

  blocks(depth: number, count: number): PMNode[] {
    return Array.from({ length: count }, () => this.block(depth));
  }

  doc(): PMNode {
    const content = this.blocks(0, this.int(1, this.maxBlocks));
    // Leading and trailing empty paragraphs exercise the HTML output's trimming.
    if (!this.md && this.chance(0.15)) content.unshift(n.paragraph.create());
    if (!this.md && this.chance(0.15)) content.push(n.paragraph.create());
    return n.doc.createChecked(null, content);
  }
}

/**
 * A random valid document of the editor's schema, drawn from `rng`. Every node, mark
 * and attribute appears across seeds, with random valid values.
 */
export function randomDoc(rng: () => number, options: RandomDocOptions = {}): PMNode {
  const gen = new Gen(rng, options.markdownSubset ?? false, options.maxDepth ?? 3, options.maxBlocks ?? 6);
  const doc = gen.doc();
  doc.check();
  return doc;
}

/** Documents per property in the seeded corpus (at least 1,000). */
export const CORPUS_RUNS = 1000;
/** The corpus's base seed; change it to explore other documents. */
export const CORPUS_BASE_SEED = 0x5eed;

/** The seed of corpus run `i`, spread out so neighbouring runs do not share a PRNG stream. */
export function corpusSeed(i: number): number {
  return (CORPUS_BASE_SEED + Math.imul(i, 0x9e3779b1)) >>> 0;
}

/** The seeded corpus: `runs` random documents for `options`, each with its seed. */
export function randomCorpus(options: RandomDocOptions = {}, runs = CORPUS_RUNS): Array<{ seed: number; doc: PMNode }> {
  return Array.from({ length: runs }, (_, i) => ({ seed: corpusSeed(i), doc: randomDoc(mulberry32(corpusSeed(i)), options) }));
}
