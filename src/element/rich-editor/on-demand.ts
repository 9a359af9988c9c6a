import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { EditingParts } from '../../core/editing-slots.js';
import { log } from '../../core/log.js';

// The fetched code is the one thing editors on a page share: one load of each chunk, tried
// once, so a missing chunk warns once.
let loadingPieces: Promise<void> | null = null;
let loadingTables: Promise<void> | null = null;
let loadingUploads: Promise<void> | null = null;

/** The editing parts that have arrived: each part's module provides itself when it runs (../tables.ts, ../pieces.ts). */
const parts: Partial<EditingParts> = {};
/** The editors' documents, told when a part arrives (they fill its slots). */
const listeners = new Set<() => void>();

/** Called by a part's module as it runs: its plugins join every editor's, now and later. */
export function provideParts(arrived: Partial<EditingParts>): void {
  Object.assign(parts, arrived);
  for (const listener of listeners) listener();
}

/** The editing parts that have arrived so far. */
export function editingParts(): Partial<EditingParts> {
  return parts;
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
export function loadPieces(): Promise<void> {
  loadingPieces ??= import('../pieces.js').then(
    () => undefined,
    (error: unknown) => log.warn('The editor\'s menus and handles could not be loaded (is their chunk beside the editor\'s script?); typing and keyboard shortcuts still work', error),
  );
  return loadingPieces;
}

/**
 * Loads table editing (../tables.ts: prosemirror-tables, the table keys, clipboard and column
 * resizing). Until it arrives a table shows as the schema draws it and its cells take text.
 */
export function loadTables(): Promise<void> {
  loadingTables ??= import('../tables.js').then(
    () => undefined,
    (error: unknown) => log.warn('The editor\'s table editing could not be loaded (is its chunk beside the editor\'s script?); tables still show and take text', error),
  );
  return loadingTables;
}

/**
 * Loads image uploads (../image-uploads.ts), on first need only: files dragged over, pasted
 * into or dropped on an editor (held until then), or an image chosen.
 */
export function loadUploads(): Promise<void> {
  loadingUploads ??= import('../image-uploads.js').then(
    () => undefined,
    (error: unknown) => log.warn('The editor\'s image uploads could not be loaded (is their chunk beside the editor\'s script?); images are not uploaded', error),
  );
  return loadingUploads;
}

/** Runs `task` when the browser is idle; WebKit has no requestIdleCallback, so a task after the next frame there. */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else requestAnimationFrame(() => setTimeout(task, 0));
}

/** What shows the first need of the pieces: the pointer over the editor, or focus in it. */
const NEEDS = ['pointerover', 'focusin'] as const;

/** What an editor asks of its on-demand parts. */
export interface OnDemandNeeds {
  /** Whether the element renders the pieces now (an editable editor; a read-only viewer never fetches them). */
  shows(): boolean;
  /** Whether a viewer that shows no pieces displays a table (column widths and the scrolling wrapper come with table editing). */
  showsTable(): boolean;
}

/**
 * Fetches the on-demand pieces and table editing after the first paint of an editor that
 * shows them, when the browser is idle, so that "/" or a hovered table finds them there; a
 * pointer or focus reaching the editor before then fetches them at once. A read-only viewer
 * fetches table editing only, and only when it displays a table.
 */
export class OnDemandPieces implements ReactiveController {
  private scheduled = false;

  private readonly need = (): void => {
    if (!this.needs.shows()) return;
    for (const type of NEEDS) this.host.removeEventListener(type, this.need);
    loadAll();
  };

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly needs: OnDemandNeeds,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (loadingPieces) return;
    for (const type of NEEDS) this.host.addEventListener(type, this.need);
  }

  hostDisconnected(): void {
    for (const type of NEEDS) this.host.removeEventListener(type, this.need);
  }

  hostUpdated(): void {
    if (this.scheduled || loadingPieces) return;
    if (this.needs.shows()) {
      this.scheduled = true;
      whenIdle(loadAll);
    } else if (!loadingTables && this.needs.showsTable()) whenIdle(() => void loadTables());
  }
}

function loadAll(): void {
  void loadTables();
  void loadPieces();
}
