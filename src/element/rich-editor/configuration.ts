import { html, nothing, supportsAdoptingStyleSheets, type PropertyValues, type TemplateResult } from 'lit';
import { history, redo, undo } from 'prosemirror-history';
import type { Attrs } from 'prosemirror-model';
import type { EditorState, Plugin } from 'prosemirror-state';
import { editingSlots, partSlot, type EditingOptions, type PluginSlots } from '../../core/editing-slots.js';
import { sameExtensions } from '../../core/extensions/same-extensions.js';
import { editorSetup, editorSetupKey, editorSetupPlugin, type EditorSetup } from '../../core/extensions/setup.js';
import type { ExtensionInput } from '../../core/extensions/types.js';
import { featureOn, type FeatureName, type Features } from '../../core/features.js';
import { log } from '../../core/log.js';
import { savedSelectionPlugin } from '../../core/operations.js';
import { linkPlugin } from '../../core/plugins/link.js';
import { mentionClickPlugin } from '../../core/plugins/mention-click.js';
import { imageUploadKey } from '../../core/commands/choose-image.js';
import { heldKeysPlugin, heldPastePlugin, heldTableKeysPlugin, movesBlock, pasteNeed } from '../../core/plugins/held-input.js';
import { menuTriggersPlugin, type Trigger } from '../../core/plugins/menu-triggers.js';
import { placeholderPlugin } from '../../core/plugins/placeholder.js';
import { taskListPlugin } from '../../core/plugins/task-list.js';
import { stringsPlugin, wordsWith, type Strings } from '../../core/strings.js';
import { safeRedirect } from '../../core/url.js';
import { emit, RichEditorEvents, type MentionClickDetail } from '../events.js';
import { activeBlockPlugin } from './active-block.js';
import { loadPieces, loadTables, loadUploads, partStyles } from './on-demand.js';
import { openEndPlugin } from './open-end.js';
import type { RichEditor } from './rich-editor.component.js';
import { selectionStyles } from './selection-colour.js';
import type { Uploads } from './uploads.js';

/** How an extension is named in a message. */
const nameOf = (input: ExtensionInput) => (typeof input === 'function' ? `given as the function ${input.name || '(anonymous)'}` : `"${String((input as { name?: unknown }).name)}"`);

/**
 * The setup the extensions make (the built-in one without extensions). A bad extension is logged,
 * naming it and what is wrong, and left out; the others stay, with their blocks in the document.
 */
export function setupOf(extensions: readonly ExtensionInput[] | ExtensionInput | undefined | null): EditorSetup {
  let list: readonly ExtensionInput[] = [];
  if (Array.isArray(extensions)) list = extensions;
  else if (extensions) {
    log.error(`extensions takes a list of extensions: the extension ${nameOf(extensions as ExtensionInput)} is taken as a list of one`);
    list = [extensions as ExtensionInput];
  }
  try {
    return editorSetup(list);
  } catch {
    const kept = list.filter((input) => {
      try {
        editorSetup([input]);
        return true;
      } catch (error) {
        log.error(`The extension ${nameOf(input)} could not be set up; the editor runs without it`, error);
        return false;
      }
    });
    try {
      return editorSetup(kept);
    } catch (error) {
      log.error('The extensions could not be set up together; the editor runs without them', error);
      return editorSetup([]);
    }
  }
}

/** Whether two word tables say the same (a host re-rendering `strings={{ … }}` gives a new object of the same words). */
function sameStrings(a: Strings | null | undefined, b: Strings | null | undefined): boolean {
  const entries = (strings: Strings | null | undefined) => Object.entries(strings ?? {}).filter(([, value]) => value !== undefined);
  const left = entries(a);
  const right = new Map(entries(b));
  return left.length === right.size && left.every(([key, value]) => right.get(key) === value);
}

/** Whether two feature settings turn the same pieces off. */
function sameFeatures(a: Features | undefined, b: Features | undefined): boolean {
  const off = (features: Features | undefined) =>
    Object.entries(features ?? {})
      .filter(([, value]) => value === false)
      .map(([name]) => name)
      .sort()
      .join();
  return off(a) === off(b);
}

/** One constructed sheet per distinct CSS (a part's, an extension's), adopted by every editor that shows it. */
const sheets = new Map<string, CSSStyleSheet>();

function sheetOf(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/**
 * What the element's configuration properties (`extensions`, `features`, `strings`,
 * `menus`) make of it: the setup, the extensions' CSS, the plugin list, and whether a
 * change of them needs a new view.
 */
export class Configuration {
  /** The sheets added to the editor's own (showStyles), in their order. */
  private addedSheets: readonly CSSStyleSheet[] = [];
  /** The extensions' content CSS last shown. */
  private extensionCss = '';
  /**
   * The editor's own undo history (editing alone): one plugin for the element's life, so a view
   * reconfigured for other features, words or menus keeps what undo takes back (reconfigure.ts).
   */
  readonly undoHistory: NonNullable<EditingOptions['history']> = { undo, redo, plugins: [history()] };

  constructor(
    private readonly host: RichEditor,
    private readonly uploads: Uploads,
  ) {}

  /** The list of extensions the setup was made of, and the setup. */
  private made: { inputs: unknown; setup: EditorSetup } | null = null;

  /**
   * The setup the element's extensions make (the built-in one without extensions); a bad
   * extension is logged and left out. A new list that says the same as the last (sameExtensions:
   * React writing the list inline at each render) keeps the setup, and so the view.
   */
  get setup(): EditorSetup {
    const inputs: unknown = this.host.extensions;
    const made = this.made;
    if (made && (made.inputs === inputs || (Array.isArray(made.inputs) && Array.isArray(inputs) && sameExtensions(made.inputs, inputs)))) {
      made.inputs = inputs;
      return made.setup;
    }
    this.made = { inputs, setup: setupOf(inputs as readonly ExtensionInput[]) };
    return this.made.setup;
  }

  /** Whether a built-in piece is on. */
  on(name: FeatureName): boolean {
    return featureOn(this.host.features, name);
  }

  /** The UI pieces of the features that are on (an editable editor's), each given the element's hub. */
  pieces(): TemplateResult {
    const { hub, dragDrop } = this.host;
    return html`${this.on('toolbar') ? html`<rich-editor-toolbar .hub=${hub} exportparts="toolbar"></rich-editor-toolbar>` : nothing}
      ${this.on('slashMenu') ? html`<rich-editor-slash-menu .hub=${hub} exportparts="slash-menu"></rich-editor-slash-menu>` : nothing}
      ${this.on('mentions') ? html`<rich-editor-mention-list .hub=${hub} exportparts="mention-list"></rich-editor-mention-list>` : nothing}
      ${this.on('dragHandle') ? html`<rich-editor-drag-handle .hub=${hub} ?drag-drop=${dragDrop} exportparts="drag-handle"></rich-editor-drag-handle>` : nothing}
      ${this.on('tables') ? html`<rich-editor-table-controls .hub=${hub} exportparts="table-controls, table-menu"></rich-editor-table-controls>` : nothing}`;
  }

  /**
   * Whether a property change needs the view rebuilt around its content: a new setup,
   * other features turned off, other words or another menu arrangement. The first value
   * of each (before the view) needs nothing.
   */
  rebuilds(changed: PropertyValues<RichEditor>, state: EditorState): boolean {
    const host = this.host;
    // A new list of the same extensions (React re-rendering `[callout]`) gives the same setup: nothing to rebuild.
    return (
      (changed.has('extensions') && changed.get('extensions') !== undefined && this.setup !== editorSetupKey.getState(state)?.setup) ||
      (changed.has('features') && changed.get('features') !== undefined && !sameFeatures(changed.get('features') as Features, host.features)) ||
      (changed.has('strings') && changed.get('strings') !== undefined && !sameStrings(changed.get('strings') as Strings, host.strings)) ||
      (changed.has('menus') && changed.get('menus') !== undefined && JSON.stringify(changed.get('menus')) !== JSON.stringify(host.menus))
    );
  }

  /**
   * The CSS added to the editor's own: the selection's where the engine needs it
   * (selection-colour.ts), that of the parts arrived so far (on-demand.ts), then
   * the extensions' content CSS (the last given when none is), so a host's rule as
   * specific as a built-in one wins. Adopted sheets, each shared by the editors that show it;
   * where sheets cannot be adopted, a style element holds it.
   */
  showStyles(css: string = this.extensionCss): void {
    this.extensionCss = css;
    const root = this.host.renderRoot as ShadowRoot;
    const added = [...selectionStyles(root.ownerDocument), ...partStyles(), ...(css ? [css] : [])];
    if (supportsAdoptingStyleSheets) {
      const current = this.addedSheets;
      const sheets = added.map(sheetOf);
      if (sheets.length === current.length && sheets.every((sheet, i) => sheet === current[i])) return;
      root.adoptedStyleSheets = [...root.adoptedStyleSheets.filter((adopted) => !current.includes(adopted)), ...sheets];
      this.addedSheets = sheets;
      return;
    }
    let style = root.querySelector<HTMLStyleElement>('style[data-added]');
    if (!added.length) {
      style?.remove();
      return;
    }
    if (!style) {
      style = document.createElement('style');
      style.setAttribute('data-added', '');
      root.appendChild(style);
    }
    const text = added.join('\n');
    if (style.textContent !== text) style.textContent = text;
  }

  /**
   * The editor's plugins, with the slots of the parts that may arrive later (table editing,
   * the menus', paste and upload plugins);
   * host callbacks are read when used, so they may change at any time.
   */
  plugins(setup: EditorSetup, shared: { plugins: Plugin[]; history: NonNullable<EditingOptions['history']> } | null = null): PluginSlots {
    const host = this.host;
    const features = host.features;
    const on = (name: FeatureName) => featureOn(features, name);
    const triggers: Trigger[] = [...(on('slashMenu') ? (['/'] as const) : []), ...(on('mentions') ? (['@'] as const) : [])];
    return editingSlots({
      schema: setup.schema,
      features,
      history: shared?.history ?? this.undoHistory,
      // A Tab pressed in a table before table editing arrives is held, with what follows it, and replayed then.
      tablesWaiting: [heldTableKeysPlugin(loadTables)],
      fallback: setup.fallbackPlugins(features),
      plugins: [
        ...(shared?.plugins ?? []),
        // The paste pipeline comes with the pieces, image uploads on first need: a paste or drop
        // before what it needs is held, and replayed through it.
        heldPastePlugin([
          pasteNeed(loadPieces),
          ...(on('images')
            ? [
                {
                  // The upload plugin's state (its stand-in has none).
                  ready: (state: EditorState) => imageUploadKey.getState(state) !== undefined,
                  needed: (_type: string, types: readonly string[]) => types.includes('Files'),
                  settled: loadUploads,
                },
              ]
            : []),
        ]),
        editorSetupPlugin(setup, features, host.menus),
        stringsPlugin(host.strings),
        // The ruler: an empty block beside the content, as wide as it and of no height, so only a new width resizes it.
        activeBlockPlugin(() => host.renderRoot.querySelector('.ruler')!),
        openEndPlugin(),
        savedSelectionPlugin(),
        placeholderPlugin({ text: () => host.placeholder, announced: () => !host.readonly }),
        linkPlugin(),
        taskListPlugin(),
        mentionClickPlugin({ onClick: (attrs) => this.mentionClicked(attrs) }),
        ...this.uploads.plugins(on('images')),
        // The menus' plugins come with the menus (the pieces' chunk); a "/" or "@" typed before opens its menu then.
        menuTriggersPlugin(triggers),
        partSlot('menus', ({ slashMenuPlugin, mentionPlugin, setupSlashItems }) => [
          ...(on('slashMenu') ? [slashMenuPlugin({ items: setupSlashItems(setup, features), features, words: wordsWith(host.strings), layout: host.menus.slash })] : []),
          ...(on('mentions')
            ? [
                mentionPlugin({
                  suggestions: (query) => (host.mentionSuggestions ? host.mentionSuggestions(query) : Promise.resolve([])),
                  search: () => host.mentionSearch,
                }),
              ]
            : []),
        ]),
        // The extensions' keys after the open menus' (Enter chooses an entry) and before every built-in binding.
        ...setup.plugins(features),
        // The keys that move blocks come with the drag handle, after the extensions' keys (a host may
        // take them); one pressed before they arrive is held, with what follows it, and replayed then.
        partSlot('menus', ({ blockMoveKeymap }) => [blockMoveKeymap()], [heldKeysPlugin(loadPieces, movesBlock)]),
        // Mention highlights come once the host gives its list (editor-document.ts asks for them then).
        partSlot('highlights', ({ mentionHighlightsPlugin }) => [
          mentionHighlightsPlugin({ highlights: () => (host.mentionHighlights ? host.mentionHighlights() : Promise.resolve([])) }),
        ]),
        // The code block's and the image's views' plugins (syntax highlighting) come with those views.
        partSlot('views', (views) => views(features)),
      ],
    });
  }

  /**
   * A click on a mention: `rich-editor-mention-click`, whose default action goes to the mention's
   * page when it is on this page's origin. A target on another site is never followed by default
   * (a stored mention must not send whoever clicks it to a phishing page); a host that links
   * mentions elsewhere cancels the event and navigates itself.
   */
  private mentionClicked(attrs: Attrs): void {
    const detail: MentionClickDetail = {
      id: attrs.id as string | null,
      label: attrs.label as string | null,
      redirect_uri: safeRedirect(attrs.redirect_uri),
      entity_identifier: attrs.entity_identifier as string | null,
      entity_name: attrs.entity_name as string | null,
    };
    if (emit(this.host, RichEditorEvents.mentionClick, detail, true) && new URL(detail.redirect_uri, location.href).origin === location.origin) {
      window.location.assign(detail.redirect_uri);
    }
  }
}
