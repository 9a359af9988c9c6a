// Plain data, no imports: the app loads this module at run time.

/** The longest issue name (issueFields.name). */
const NAME_MAX = 255;

/** What a copy of an issue is called: its name with " (copy)", the name shortened to keep within the longest name. */
export function copyName(name: string): string {
  const suffix = ' (copy)';
  return `${name.slice(0, NAME_MAX - suffix.length).trimEnd()}${suffix}`;
}
