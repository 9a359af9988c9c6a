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

/** A built-in feature's name, or a host's own (an extension's `feature`). */
export type FeatureName = (typeof FEATURE_NAMES)[number] | (string & {});

/** Which pieces are on; a missing name is on. */
export type Features = Readonly<Partial<Record<FeatureName, boolean>>>;

/** Whether a feature is on (everything is, unless turned off). */
export function featureOn(features: Features | undefined, name: FeatureName | undefined): boolean {
  return !name || features?.[name] !== false;
}
