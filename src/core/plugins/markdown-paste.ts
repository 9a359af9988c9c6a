import { Slice, type Node as PMNode, type Schema } from 'prosemirror-model';
import { Plugin, PluginKey } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { log } from '../log.js';

/** The key of the markdown paste plugin. */
export const markdownPasteKey = new PluginKey('markdown-paste');

/** Lines that only markdown would write: headings, lists, quotes, fences, tables, rules. */
const BLOCK_SYNTAX = /^(?:#{1,6} |[-*+] (?:\[[ xX]\] )?|\d+[.)] |> |```|~~~|\|.*\|\s*$|(?:-{3,}|\*{3,}|_{3,})\s*$)/m;
/** Inline markdown: bold, strike, code spans, links. */
const INLINE_SYNTAX = /\*\*[^*\n]+\*\*|~~[^~\n]+~~|`[^`\n]+`|\[[^\]\n]+\]\([^)\s]+\)/;

/** Whether pasted plain text reads as markdown (rather than prose that happens to hold a star). */
export function looksLikeMarkdown(text: string): boolean {
  return BLOCK_SYNTAX.test(text) || INLINE_SYNTAX.test(text);
}

type Parse = (markdown: string, schema: Schema) => PMNode;

/** Options of the markdown paste plugin. */
export interface MarkdownPasteOptions {
  /** Loads the parser: its own chunk by default (a test gives one that fails first). */
  load?: () => Promise<{ parseMarkdownNow: Parse }>;
}

/**
 * Pasted plain text that is markdown becomes formatted content. The parser (markdown-it,
 * its own chunk) loads in the background the first time the editor takes focus, which every
 * keyboard or context-menu paste needs, so a paste does not wait for it and an editor that is
 * only read never loads it. A paste that arrives before it has loaded pastes as text (and
 * starts the load). A load that fails (a focus while offline) is tried again at the next focus
 * or paste, with one warning: a chunk that is missing (a page that copied the embed bundle
 * without the files beside it) warns once, not once per focus.
 */
export function markdownPastePlugin(options: MarkdownPasteOptions = {}): Plugin {
  const fetchParser = options.load ?? (() => import('../serialize/markdown-parse.js'));
  let parse: Parse | null = null;
  let loading = false;
  let warned = false;
  const load = () => {
    if (loading) return;
    loading = true;
    fetchParser()
      .then((module) => {
        parse = module.parseMarkdownNow;
      })
      .catch((error: unknown) => {
        loading = false;
        if (!warned) log.warn('The markdown parser could not be loaded (is its chunk beside the editor\'s script?); markdown pastes as text', error);
        warned = true;
      });
  };
  const plugin: Plugin = new Plugin({
    key: markdownPasteKey,
    view(view) {
      if (view.hasFocus()) load();
      return {};
    },
    props: {
      handleDOMEvents: {
        focus() {
          load();
          return false;
        },
      },
    },
  });
  readers.set(plugin, {
    parser() {
      if (!parse) load();
      return parse;
    },
  });
  return plugin;
}

/** Each markdown paste plugin's parser, once loaded (asking for it starts the load). */
const readers = new WeakMap<Plugin, { parser(): Parse | null }>();

/**
 * A paste step (plugins/paste.ts lists them in order): plain text that reads as markdown, with no
 * HTML or files beside it and not pasted into code, is pasted as the document it describes. Only
 * with the markdown paste plugin, once its parser has loaded.
 */
export function pasteMarkdown(view: EditorView, event: ClipboardEvent): boolean {
  const plugin = markdownPasteKey.get(view.state);
  const parse = plugin ? readers.get(plugin)?.parser() : null;
  const data = event.clipboardData;
  if (!parse || !data || data.types.includes('text/html') || data.files.length) return false;
  const text = data.getData('text/plain');
  const { $from } = view.state.selection;
  if (!text || $from.parent.type.spec.code || !looksLikeMarkdown(text)) return false;
  try {
    const doc = parse(text, view.state.schema);
    view.dispatch(view.state.tr.replaceSelection(Slice.maxOpen(doc.content)).scrollIntoView().setMeta('paste', true));
    return true;
  } catch (error) {
    log.error('Pasted markdown could not be read; it was pasted as text', error);
    return false;
  }
}
