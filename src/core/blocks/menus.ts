/**
 * The slash-menu and block-type menu entries of the editor's own blocks, by the name their
 * definitions mark (`BUILTIN_MENUS`; each block's definition is in the file named after it
 * here), worded from the strings table by id: its English words are the defaults, the element's
 * `strings` replace them. Only the menus' collector (extensions/collect-menus.ts) reads them, and
 * only the menus' modules import that, so they come with the menus, not with the definitions.
 */
import { wrapIn } from 'prosemirror-commands';
import type { Node as PMNode, Schema } from 'prosemirror-model';
import type { Command } from 'prosemirror-state';
import { insertHorizontalRule, setTextblockType } from '../commands/blocks.js';
import { TEXT_BLOCK_ID, textBlockCommand, type BlockMenuEntry } from '../commands/block-kind.js';
import { chooseImageFile } from '../commands/choose-image.js';
import { insertTable } from '../commands/table-insert.js';
import { BUILTIN_MENUS, type BuiltinMenusName } from '../extensions/builtin-menus.js';
import type { NodeDefinition, SlashEntry } from '../extensions/types.js';
import { withNodeType } from '../per-schema.js';
import { ENGLISH, type StringKey } from '../strings.js';
import { setHeading, type HeadingDefinition, type HeadingLevel } from './heading.js';
import { setList } from './lists.js';

/** A block's menu entries. */
export type BlockMenus = Pick<NodeDefinition, 'slash' | 'blockMenu'>;

/** A slash-menu entry whose title and description are `slash.<id>.*` in the strings table. */
function slashEntry(id: string, icon: string, terms: readonly string[], command: Command): SlashEntry {
  return { id, icon, title: ENGLISH[`slash.${id}.title` as StringKey], description: ENGLISH[`slash.${id}.description` as StringKey], terms, command };
}

/** A block-type menu entry labelled `blockMenu.<id>` (the collector makes choosing the kind the blocks already are change nothing). */
function menuEntry(id: string, matches: ((node: PMNode) => boolean) | undefined, apply: Command): BlockMenuEntry {
  return { id, label: ENGLISH[`blockMenu.${id}` as StringKey], matches, command: apply };
}

/** Whether a node has this type name. */
const isNamed = (name: string) => (node: PMNode): boolean => node.type.name === name;

/** Whether a node is a heading of this level. */
const isHeading = (level: number) => (node: PMNode): boolean => node.type.name === 'heading' && node.attrs.level === level;

/** The words a heading level is also found by in the slash menu. */
const HEADING_TERMS: Readonly<Record<HeadingLevel, readonly string[]>> = { 1: ['h1', 'title', 'big', 'large'], 2: ['h2', 'subtitle', 'medium'], 3: ['h3', 'subtitle', 'small'] };

/** The levels a heading definition offers (all three for one made without options). */
function headingLevels(def: NodeDefinition): readonly HeadingLevel[] {
  return (def as Partial<HeadingDefinition>).options?.levels ?? [1, 2, 3];
}

const quote = withNodeType('blockquote', (type) => wrapIn(type));
const setCode = withNodeType('code_block', (type) => setTextblockType(type));

/** The entries of one kind of block whose slash entry and block-type entry do the same under `id`. */
function kindMenus(id: string, icon: string, terms: readonly string[], name: string, apply: Command): BlockMenus {
  return { slash: slashEntry(id, icon, terms, apply), blockMenu: [menuEntry(id, isNamed(name), apply)] };
}

/** Each marked block's entries, for its definition and the schema's block-type menu `menuOf`. */
const MENUS: Readonly<Record<BuiltinMenusName, (def: NodeDefinition, menuOf: (schema: Schema) => readonly BlockMenuEntry[]) => BlockMenus>> = {
  // "Text": what a block is when no other entry claims it, an entry without `matches`; choosing it where the blocks already are text changes nothing.
  paragraph: (_def, menuOf) => {
    const text = textBlockCommand(menuOf);
    return { slash: slashEntry(TEXT_BLOCK_ID, 'text', ['p', 'paragraph'], text), blockMenu: [menuEntry(TEXT_BLOCK_ID, undefined, text)] };
  },
  // One entry per level the heading offers (`heading.configure({ levels })`).
  heading: (def) => {
    const levels = headingLevels(def);
    return {
      slash: levels.map((level) => slashEntry(`heading${level}`, `heading-${level}`, HEADING_TERMS[level], setHeading(level))),
      blockMenu: levels.map((level) => menuEntry(`heading${level}`, isHeading(level), setHeading(level))),
    };
  },
  blockquote: () => kindMenus('quote', 'quote', ['blockquote'], 'blockquote', quote),
  horizontal_rule: () => ({ slash: slashEntry('divider', 'divider', ['line', 'hr', 'horizontal', 'rule', 'separator'], insertHorizontalRule) }),
  code_block: () => kindMenus('code', 'code', ['codeblock', 'pre'], 'code_block', setCode),
  bullet_list: () => kindMenus('bullet', 'bullet-list', ['unordered', 'point', 'ul'], 'bullet_list', setList('bullet_list')),
  ordered_list: () => kindMenus('numbered', 'numbered-list', ['ordered', 'ol'], 'ordered_list', setList('ordered_list')),
  task_list: () => kindMenus('todo', 'todo', ['todo', 'task', 'list', 'check', 'checkbox'], 'task_list', setList('task_list')),
  table: () => ({ slash: slashEntry('table', 'table', ['cell', 'db', 'data', 'tabular', 'grid'], insertTable) }),
  image: () => ({ slash: slashEntry('image', 'image', ['img', 'photo', 'picture', 'media', 'upload'], chooseImageFile) }),
};

/**
 * The built-in entries a definition's mark names, made for it (a heading's for its levels), with
 * `menuOf` the schema's block-type menu; none for a definition without the mark.
 */
export function builtinMenusOf(def: NodeDefinition, menuOf: (schema: Schema) => readonly BlockMenuEntry[]): BlockMenus {
  const name = def[BUILTIN_MENUS];
  return name && Object.hasOwn(MENUS, name) ? MENUS[name](def, menuOf) : {};
}
