// A rollup plugin for the embed bundle's source maps: code from a dependency keeps one mapping per
// line of its source, our own code one per token. The maps name the dependencies' files
// (../../node_modules/…), which neither an installed package nor a CDN serves beside them, so a
// debugger could never show that code anyway; what the mappings give is the file and line a stack
// trace names, and the first mapping of each line gives that. Per token, they took 172 KB of the
// 1.49 MB packed npm tarball.
import { decode, encode } from '@jridgewell/sourcemap-codec';

/** `mappings` with a dependency's segments cut to the first of each of its lines (`dependency[i]`: whether source i is one). */
export function dependencyLines(mappings, dependency) {
  let last = null;
  return encode(
    decode(mappings).map((line) =>
      line.filter((segment) => {
        if (segment.length < 4 || !dependency[segment[1]]) {
          last = null;
          return true;
        }
        const place = `${segment[1]}:${segment[2]}`;
        if (place === last) return false;
        last = place;
        return true;
      }),
    ),
  );
}

/** Whether a map's source is a dependency's file. */
export const isDependency = (source) => /(^|\/)node_modules\//.test(source);

/** @returns {import('rollup').Plugin} */
export function dependencyLineMaps() {
  return {
    name: 'dependency-line-maps',
    // Rollup has written each map into its file's asset by now: both are changed.
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.map || !file.sourcemapFileName) continue;
        const { map } = file;
        map.mappings = dependencyLines(map.mappings, map.sources.map(isDependency));
        bundle[file.sourcemapFileName].source = map.toString();
      }
    },
  };
}
