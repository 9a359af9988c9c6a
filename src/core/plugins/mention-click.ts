import type { Attrs } from 'prosemirror-model';
import { Plugin, PluginKey } from 'prosemirror-state';

/** The key of the mention click plugin. */
export const mentionClickKey = new PluginKey('mention-click');

/** Options: what a click on a mention does (the element fires its cancelable event). */
export interface MentionClickOptions {
  onClick: (attrs: Attrs, event: MouseEvent) => void;
}

/** Reports clicks on mentions in an editable editor; in read-only mode mentions are not clickable (spec). */
export function mentionClickPlugin(options: MentionClickOptions): Plugin {
  return new Plugin({
    key: mentionClickKey,
    props: {
      handleClickOn(view, _pos, node, _nodePos, event, direct) {
        if (!direct || node.type.name !== 'mention' || !view.editable) return false;
        options.onClick(node.attrs, event);
        return true;
      },
    },
  });
}
