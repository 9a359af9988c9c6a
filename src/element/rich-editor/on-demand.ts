import type { CSSResult, ReactiveController, ReactiveControllerHost } from 'lit';
import type { EditingParts } from '../../core/editing-slots.js';
import type { scrollToHeading } from '../../core/plugins/scroll-to-heading.js';
import { log } from '../../core/log.js';
import { stringWriter } from '../../core/serialize/html-writer.js';
import { whenIdle } from '../idle.js';

/** Loads of parts (chunks that call `provideParts`) on their way. */
let partsOnTheirWay = 0;
/** A part arrived while others were on their way: the editors are told once the last has come or failed. */
let arrivedUntold = false;

/**
 * A chunk's load, started by the first call and shared by every later one: the fetched code is
 * the one thing editors on a page share, each chunk is tried once, so a missing chunk warns once
 * (`warning`) and its load then gives `failed`. A `part`'s load counts among the parts on their
 * way, and its end (arrived or failed) may tell the editors of the parts that came meanwhile.
 */
export function onFirstCall<T>(load: () => Promise<T>, warning: string, failed: T, part = false): (() => Promise<T>) & { readonly asked: boolean } {
  let loading: Promise<T> | null = null;
  const start = () => {
    if (loading) return loading;
    if (part) partsOnTheirWay++;
    loading = load()
      .catch((error: unknown) => {
        log.warn(warning, error);
        return failed;
      })
      .finally(() => {
        if (part && --partsOnTheirWay === 0 && arrivedUntold) tellArrival();
      });
    return loading;
  };
  return Object.defineProperty(start, 'asked', { get: () => loading !== null }) as typeof start & { readonly asked: boolean };
}

/** The editing parts that have arrived: each part's module provides itself when it runs (../tables.ts, ../pieces.ts, ../block-views.ts, ../gaps.ts, ../highlights.ts). */
const parts: Partial<EditingParts> = {};
/** The CSS that came with the arrived parts, in the order they came. */
const styles: string[] = [];
/** The editors' documents, told when a part arrives (they fill its slots). */
const listeners = new Set<() => void>();

/**
 * Called by a part's module as it runs: its plugins join every editor's, now and later, and
 * every editor's shadow root adopts its CSS, if it brings any (image uploads' placeholder and
 * alert), before it draws with the part.
 *
 * Parts asked for together (a document's first blocks ask for table editing, the block views
 * and the gap cursor; the menus come at idle) are told to the editors together, once the last
 * has come or failed: each time an editor takes parts, its plugins' views are made again, and a
 * change of its shadow root's sheets makes Firefox work out the style of every element in it
 * again (about 250 ms at 10,000 blocks), whatever the CSS. (So the parts a document's blocks
 * ask for as it loads bring none: theirs is the element's own.) A part that arrives with none on
 * their way (its module imported directly) is told at once.
 */
export function provideParts(arrived: Partial<EditingParts>, css?: CSSResult): void {
  Object.assign(parts, arrived);
  if (css) styles.push(css.cssText);
  if (partsOnTheirWay > 0) arrivedUntold = true;
  else tellArrival();
}

/** Tells every editor that parts arrived. */
function tellArrival(): void {
  arrivedUntold = false;
  for (const listener of listeners) listener();
}

/** The editing parts that have arrived so far. */
export function editingParts(): Partial<EditingParts> {
  return parts;
}

/** The CSS of the parts that have arrived so far (rich-editor/configuration.ts adds it to each editor's). */
export function partStyles(): readonly string[] {
  return styles;
}

/** Runs `listener` whenever a part arrives, until the returned function is called. */
export function onPartsArrived(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Loads the on-demand UI pieces (../pieces.ts). Until they arrive their tags sit in the
 * shadow root undefined and show nothing; on arrival the browser upgrades them and each
 * shows what the editor's state already holds (a menu opened by "/" before the chunk came).
 * A chunk that cannot be fetched leaves typing and the keyboard shortcuts working, with a warning.
 */
export const loadPieces: (() => Promise<void>) & { readonly asked: boolean } = onFirstCall(
  () => import('../pieces.js').then(() => undefined),
  'The editor\'s menus and handles could not be loaded (is their chunk beside the editor\'s script?); typing and keyboard shortcuts still work',
  undefined,
  true,
);

/**
 * Loads table editing (../tables.ts: prosemirror-tables, the table keys, clipboard and column
 * resizing, and the table handles), on first need: the first table an editor draws (a
 * document's, one inserted, pasted or received) asks for it (node-views/table-view.ts). Until
 * it arrives a table shows as the schema draws it and its cells take text.
 */
export const loadTables: () => Promise<void> = onFirstCall(
  () => import('../tables.js').then(() => undefined),
  'The editor\'s table editing could not be loaded (is its chunk beside the editor\'s script?); tables still show and take text',
  undefined,
  true,
);

/**
 * Loads the code block's and the image's views, with syntax highlighting (../block-views.ts),
 * on first need: the first code block or image an editor draws asks for them
 * (node-views/index.ts). Until they arrive, stand-ins draw them without their controls.
 */
export const loadBlockViews: () => Promise<void> = onFirstCall(
  () => import('../block-views.js').then(() => undefined),
  'The editor\'s code block and image views could not be loaded (is their chunk beside the editor\'s script?); code blocks and images still show, without their controls',
  undefined,
  true,
);

/**
 * Loads the gap cursor (../gaps.ts), on first need: the first block an editor draws that
 * a gap can stand beside (a table, an image, a code block, a rule: node-views/index.ts). Until
 * it arrives the caret goes where ProseMirror alone puts it (into the block, or selecting it).
 */
export const loadGapCursor: () => Promise<void> = onFirstCall(
  () => import('../gaps.js').then(() => undefined),
  'The editor\'s gap cursor could not be loaded (is its chunk beside the editor\'s script?); the caret does not stop beside tables, images and rules',
  undefined,
  true,
);

/**
 * Loads mention highlights (../highlights.ts), on first need: a host setting an editor's
 * `mentionHighlights` (editor-document.ts). Until they arrive mentions show unhighlighted.
 */
export const loadHighlights: () => Promise<void> = onFirstCall(
  () => import('../highlights.js').then(() => undefined),
  'The editor\'s mention highlights could not be loaded (is their chunk beside the editor\'s script?); mentions show without highlights',
  undefined,
  true,
);

/**
 * Loads the scrolling to a heading (core/plugins/scroll-to-heading.ts), on the first
 * `scrollToHeading`: its command, or null (with the warning) when it cannot be fetched.
 */
export const loadScrolling: () => Promise<typeof scrollToHeading | null> = onFirstCall(
  () => import('../../core/plugins/scroll-to-heading.js').then((module) => module.scrollToHeading),
  'The editor\'s scrolling to a heading could not be loaded (is its chunk beside the editor\'s script?); the page does not scroll to it',
  null,
);

/**
 * Loads image uploads (../image-uploads.ts), on first need only: files dragged over, pasted
 * into or dropped on an editor (held until then), or an image chosen.
 */
export const loadUploads: () => Promise<void> = onFirstCall(
  () => import('../image-uploads.js').then(() => undefined),
  'The editor\'s image uploads could not be loaded (is their chunk beside the editor\'s script?); images are not uploaded',
  undefined,
  true,
);

/**
 * Loads the HTML string writer (core/serialize/string-writer.ts), fetched when the browser is
 * idle after any editor's first paint (`OnDemandPieces`). Until it arrives, and if it cannot be
 * fetched, `getHTML`, the change event's `html` and the form value are written the browser's
 * way (core/serialize/html-writer.ts), with the same bytes.
 */
export const loadStringWriter: () => Promise<void> = onFirstCall(
  () => import('../../core/serialize/string-writer.js').then(() => undefined),
  'The editor\'s HTML writer could not be loaded (is its chunk beside the editor\'s script?); HTML is still written, through the browser\'s DOM',
  undefined,
);

/** What shows the first need of the pieces: the pointer over the editor, or focus in it. */
const NEEDS = ['pointerover', 'focusin'] as const;

/**
 * Fetches the on-demand pieces after the first paint of an editor that shows them (an editable
 * one; a read-only viewer never fetches them), when the browser is idle, so that "/" or a
 * selection finds them there; a pointer or focus reaching the editor before then fetches them at
 * once. Table editing and the code block and image views are fetched by the first such block
 * drawn, not here. The HTML string writer is fetched at idle after any editor's first paint,
 * read-only too (where rich-editor/core has put it in use already, it is not).
 */
export class OnDemandPieces implements ReactiveController {
  private scheduled = false;
  private writerScheduled = false;

  private readonly need = (): void => {
    if (!this.shows()) return;
    for (const type of NEEDS) this.host.removeEventListener(type, this.need);
    void loadPieces();
  };

  /** `shows`: whether the element renders the pieces now. */
  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly shows: () => boolean,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (loadPieces.asked) return;
    for (const type of NEEDS) this.host.addEventListener(type, this.need);
  }

  hostDisconnected(): void {
    for (const type of NEEDS) this.host.removeEventListener(type, this.need);
  }

  hostUpdated(): void {
    if (!this.writerScheduled && !stringWriter()) {
      this.writerScheduled = true;
      whenIdle(() => void loadStringWriter());
    }
    if (this.scheduled || loadPieces.asked || !this.shows()) return;
    this.scheduled = true;
    whenIdle(() => void loadPieces());
  }
}
