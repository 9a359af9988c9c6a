/**
 * Menu entries of the editor's own nodes, worded from the strings table by id (its
 * English words are the defaults; the element's `strings` replace them).
 */
import type { Node as PMNode } from 'prosemirror-model';
import type { Command } from 'prosemirror-state';
import type { BlockMenuEntry } from '../commands/block-kind.js';
import type { SlashEntry } from '../extensions/types.js';
import { ENGLISH, type StringKey } from '../strings.js';

/** A slash-menu entry whose title and description are `slash.<id>.*` in the strings table. */
export function slashEntry(id: string, icon: string, terms: readonly string[], command: Command): SlashEntry {
  return { id, icon, title: ENGLISH[`slash.${id}.title` as StringKey], description: ENGLISH[`slash.${id}.description` as StringKey], terms, command };
}

/** A block-type menu entry labelled `blockMenu.<id>` (extensions/collect.ts makes choosing the kind the blocks already are change nothing). */
export function menuEntry(id: string, matches: ((node: PMNode) => boolean) | undefined, apply: Command): BlockMenuEntry {
  return { id, label: ENGLISH[`blockMenu.${id}` as StringKey], matches, command: apply };
}

/** Whether a node has this type name. */
export const isNamed = (name: string) => (node: PMNode): boolean => node.type.name === name;
