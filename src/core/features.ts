/**
 * The built-in pieces a host can turn off (`features` on the element). Turning one off
 * removes its UI, keys, input rules and menu entries; content of that kind that is
 * already in a document still loads, shows and round-trips (the schema never changes).
 */

/** Every built-in feature, by name. */
export const FEATURE_NAMES = [
  'tables',
  'images',
  'mentions',
  'taskLists',
  'codeHighlighting',
  'dragHandle',
  'slashMenu',
  'toolbar',
  'markdownPaste',
  'typography',
  'markdownShortcuts',
] as const;

/** A built-in feature's name. */
export type BuiltinFeatureName = (typeof FEATURE_NAMES)[number];

/**
 * The features a host's extensions declare (an extension's `feature`), by name, for the
 * types: a host adds its own by declaration merging, and `features` then takes them.
 *
 * ```ts
 * declare module 'rich-editor' {
 *   interface CustomFeatures { stamps: true }
 * }
 * editor.features = { stamps: false }; // type-checks; `{ stampz: false }` does not
 * ```
 */
export interface CustomFeatures {}

/** A feature's name: a built-in one, or one a host declared in `CustomFeatures`. */
export type FeatureName = BuiltinFeatureName | (keyof CustomFeatures & string);

/**
 * The feature an extension belongs to (its `feature`): a built-in one, or a name of the
 * host's own that the extension declares (add it to `CustomFeatures` for `features` to take it).
 */
export type ExtensionFeatureName = FeatureName | (string & {});

/** Which pieces are on; a missing name is on. */
export type Features = Readonly<Partial<Record<FeatureName, boolean>>>;

/** Whether a feature is on (everything is, unless turned off). */
export function featureOn(features: Features | undefined, name: string | undefined): boolean {
  return !name || (features as Readonly<Record<string, boolean>> | undefined)?.[name] !== false;
}

/**
 * Checks that `features` names only features the editor has (`known`: the built-in ones
 * by default; an editor's setup gives its extensions' too, as `featureNames`). A caller's
 * mistake (`{ tablez: false }`) throws a RangeError naming the valid ones, instead of
 * silently turning nothing off.
 */
export function checkFeatures(features: Features | null | undefined, known: readonly string[] = FEATURE_NAMES): void {
  if (!features || typeof features !== 'object') return;
  const unknown = Object.keys(features).filter((name) => !known.includes(name));
  if (!unknown.length) return;
  // An extension's own feature counts once the extension is in `extensions`, hence the hint.
  throw new RangeError(`Unknown feature "${unknown.join('", "')}"; the features are ${known.join(', ')} and those of the extensions`);
}
