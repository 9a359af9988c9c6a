import type { PropertyDeclarations } from 'lit';
import { checkFeatures, type Features } from '../../core/features.js';
import type { Strings } from '../../core/strings.js';
import { HostCallbacks } from './host-callbacks.js';

/**
 * The element's settings that are checked or acted on as they are set: the features turned
 * off (an unknown name throws) and the words (the validity message follows at once). The
 * element extends this class.
 */
export abstract class EditorSettings extends HostCallbacks {
  static override properties: PropertyDeclarations = {
    // Checked when set (their accessors below).
    features: { attribute: false, noAccessor: true },
    strings: { attribute: false, noAccessor: true },
  };

  /** The value of `features`, checked. */
  private featureSettings: Features = {};
  /** The value of `strings`. */
  private words: Strings = {};

  /** The feature names the editor has now: the built-in ones and those its extensions declare. */
  protected abstract featureNames(): readonly string[];

  /**
   * Built-in pieces turned off, by name: `{ tables: false, slashMenu: false }`. A piece
   * turned off loses its UI, keys, input rules and menu entries; content of that kind
   * still loads and round-trips. Names: tables, images, mentions, taskLists,
   * codeHighlighting, dragHandle, slashMenu, toolbar, markdownPaste, typography,
   * markdownShortcuts, and the features the element's `extensions` declare (their
   * `feature`; set `extensions` first). Any other name throws a RangeError naming the
   * valid ones. In TypeScript the names are a closed union: a host's own feature is added
   * to the `CustomFeatures` interface by declaration merging.
   */
  get features(): Features {
    return this.featureSettings;
  }

  set features(features: Features) {
    checkFeatures(features, this.featureNames());
    const old = this.featureSettings;
    this.featureSettings = features ?? {};
    this.requestUpdate('features', old);
  }

  /**
   * Words: every word the editor shows or announces, by key (see `ENGLISH` in
   * `rich-editor/core`); the keys given replace the English ones. A locale is such a
   * table: `import { fr } from 'rich-editor/locales/fr'`. `validationMessage` is in the
   * new words as soon as they are set.
   */
  get strings(): Strings {
    return this.words;
  }

  set strings(strings: Strings) {
    const old = this.words;
    this.words = strings ?? {};
    this.requestUpdate('strings', old);
    // Now, not at the next render: a form checked in the same task shows the message in these words.
    this.formControl.validate();
  }
}
