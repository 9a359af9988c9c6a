// A rollup plugin for source maps: code from the sources it is given keeps one mapping per line of
// its source, the rest one per token. The embed bundle's maps name the dependencies' files
// (../../node_modules/…), which neither an installed package nor a CDN serves beside them, so a
// debugger could never show that code anyway; what the mappings give is the file and line a stack
// trace names, and the first mapping of each line gives that. Per token, they took 172 KB of the
// 1.49 MB packed npm tarball. The library's files (unminified, a line of ours each) are mapped by
// line too: a stack trace and a breakpoint need the line, and per token their maps took 190 KB
// more of the tarball.
import { decode, encode } from '@jridgewell/sourcemap-codec';

/** `mappings` with the segments of the sources `byLine[i]` picks cut to the first of each of their lines on each line of the output. */
export function dependencyLines(mappings, byLine) {
  return encode(
    decode(mappings).map((line) => {
      // Each line of the output keeps its first mapping: a place at its start maps.
      let last = null;
      return line.filter((segment) => {
        if (segment.length < 4 || !byLine[segment[1]]) {
          last = null;
          return true;
        }
        const place = `${segment[1]}:${segment[2]}`;
        if (place === last) return false;
        last = place;
        return true;
      });
    }),
  );
}

/** Whether a map's source is a dependency's file. */
export const isDependency = (source) => /(^|\/)node_modules\//.test(source);

/**
 * Maps the sources `byLine` picks (the dependencies' by default) by line.
 * @returns {import('rollup').Plugin}
 */
export function dependencyLineMaps(byLine = isDependency) {
  return {
    name: 'dependency-line-maps',
    // Rollup has written each map into its file's asset by now: both are changed.
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.map || !file.sourcemapFileName) continue;
        const { map } = file;
        map.mappings = dependencyLines(map.mappings, map.sources.map(byLine));
        bundle[file.sourcemapFileName].source = map.toString();
      }
    },
  };
}
