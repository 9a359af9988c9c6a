/**
 * The keys of the suggestion menus (the slash menu, the mention picker), and what keeps a "/"
 * or "@" typed before their plugins arrive: the embed bundle fetches those plugins with the
 * menus that show them (element/pieces.ts), and each opens, on arrival, at the trigger typed
 * meanwhile when the caret is still after it (its state's `init` reads `pendingTrigger`, in
 * pending-trigger.ts, which comes with them).
 */
import type { ResolvedPos } from 'prosemirror-model';
import { Plugin, PluginKey } from 'prosemirror-state';
import type { MentionState } from './mention.js';
import type { SlashMenuState } from './slash-menu.js';

/** The key of the slash menu plugin and its state. */
export const slashMenuKey = new PluginKey<SlashMenuState>('slashMenu');

/** The key of the mention plugin and its state. */
export const mentionKey = new PluginKey<MentionState>('mention');

/** Spec 4: the slash opens a menu at a word start (block start or after white space), outside code blocks and tables. */
export function slashCanOpenAt($pos: ResolvedPos): boolean {
  const parent = $pos.parent;
  if (!parent.isTextblock || parent.type.spec.code) return false;
  for (let d = $pos.depth; d > 0; d--) if ($pos.node(d).type.spec.tableRole) return false;
  return atWordStart($pos);
}

/** `@` opens the picker at a word start (block start or after white space) where a mention may stand. */
export function mentionCanOpenAt($pos: ResolvedPos): boolean {
  const parent = $pos.parent;
  if (!parent.isTextblock || parent.type.spec.code) return false;
  const mention = $pos.doc.type.schema.nodes.mention;
  if (!mention || !parent.canReplaceWith($pos.index(), $pos.index(), mention)) return false;
  return atWordStart($pos);
}

function atWordStart($pos: ResolvedPos): boolean {
  const before = $pos.nodeBefore;
  if (!before) return true;
  if (before.isText) return /\s$/.test(before.text ?? '');
  return before.type.name === 'hard_break';
}

/** The characters that open a menu, with the key of the plugin that opens it and where it may open. */
const TRIGGERS = {
  '/': { key: slashMenuKey, canOpenAt: slashCanOpenAt },
  '@': { key: mentionKey, canOpenAt: mentionCanOpenAt },
} as const;

/** A character that opens a menu. */
export type Trigger = keyof typeof TRIGGERS;

/** Where each trigger typed before its plugin arrived stands now (mapped through every change). */
export type Pending = Readonly<Partial<Record<Trigger, number>>>;

/** The key of the plugin that notes the triggers typed before their menus' plugins arrived. */
export const triggersKey = new PluginKey<Pending>('menuTriggers');

/**
 * Notes each of `triggers` typed where its menu may open while the menu's plugin is not in the
 * state (it types as it would anyway, as the menu's own plugin types it); a blur forgets them,
 * as the menus close on blur.
 */
export function menuTriggersPlugin(triggers: readonly Trigger[]): Plugin<Pending> {
  return new Plugin<Pending>({
    key: triggersKey,
    state: {
      init: () => ({}),
      apply(tr, prev) {
        const meta = tr.getMeta(triggersKey) as Pending | undefined;
        if (meta) return meta;
        if (!tr.docChanged) return prev;
        const next: Partial<Record<Trigger, number>> = {};
        for (const [trigger, from] of Object.entries(prev) as Array<[Trigger, number]>) {
          const mapped = tr.mapping.mapResult(from, 1);
          if (!mapped.deletedAfter) next[trigger] = mapped.pos;
        }
        return next;
      },
    },
    props: {
      handleTextInput(view, from, _to, text, deflt) {
        if (!triggers.includes(text as Trigger) || !view.editable) return false;
        const { key, canOpenAt } = TRIGGERS[text as Trigger];
        if (key.get(view.state) || !canOpenAt(view.state.doc.resolve(from))) return false;
        const pending = { ...triggersKey.getState(view.state), [text]: from };
        view.dispatch(deflt().setMeta(triggersKey, pending));
        return true;
      },
      handleDOMEvents: {
        blur(view) {
          if (Object.keys(triggersKey.getState(view.state) ?? {}).length) view.dispatch(view.state.tr.setMeta(triggersKey, {}));
          return false;
        },
      },
    },
  });
}
