// The bench scripts' command line, one home: `--name value` options, `--name` flags, and
// `--help` (or `-h`), which prints the comment the script opens with (what it does, its
// options) and exits.
import { readFileSync } from 'node:fs';

/** The command line of the script at `scriptUrl` (its `import.meta.url`). */
export function commandLine(scriptUrl) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    const opening = readFileSync(new URL(scriptUrl), 'utf8').match(/^(?:\/\/.*\n)+/);
    console.log((opening ? opening[0] : '').replace(/^\/\/ ?/gm, '').trimEnd());
    process.exit(0);
  }
  return {
    args,
    /** Whether `--name` was given. */
    flag: (name) => args.includes(`--${name}`),
    /** The value after `--name`, or `fallback`. */
    option: (name, fallback) => {
      const i = args.indexOf(`--${name}`);
      return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
    },
  };
}
