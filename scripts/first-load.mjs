// What a page loads first from a bundle made with code splitting: the entry's output file and
// the chunks it imports statically, transitively (not those only an `import()` reaches). Read
// from esbuild's metafile; used by the build's size report and test/build's host bundles.

/** The output paths loaded first from `outputs` (esbuild's `metafile.outputs`) when the page loads `entryOutput`. */
export function firstLoad(outputs, entryOutput) {
  const first = new Set();
  const load = (path) => {
    if (first.has(path)) return;
    first.add(path);
    for (const { path: imported, kind } of outputs[path].imports) if (kind === 'import-statement' && outputs[imported]) load(imported);
  };
  load(entryOutput);
  return first;
}
