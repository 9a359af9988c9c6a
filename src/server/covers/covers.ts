/**
 * The project cover images the product ships: abstract artworks drawn for it (no
 * photographs, no text, no external references), compiled into the server as strings
 * so a bundled server needs no loose files.
 */
import { aurora } from './artworks/aurora.js';
import { bloom } from './artworks/bloom.js';
import { blueprint } from './artworks/blueprint.js';
import { dunes } from './artworks/dunes.js';
import { horizon } from './artworks/horizon.js';
import { mist } from './artworks/mist.js';
import { ocean } from './artworks/ocean.js';
import { orbit } from './artworks/orbit.js';
import { peaks } from './artworks/peaks.js';
import { prism } from './artworks/prism.js';

/** Every cover by name, in the order the picker lists them. */
export const COVERS: ReadonlyMap<string, string> = new Map([
  ['aurora', aurora],
  ['peaks', peaks],
  ['ocean', ocean],
  ['dunes', dunes],
  ['horizon', horizon],
  ['prism', prism],
  ['orbit', orbit],
  ['mist', mist],
  ['bloom', bloom],
  ['blueprint', blueprint],
]);

/** The path under which the cover files are served. */
export const COVER_FILES_PATH = '/api/project-covers/files';

/**
 * The URL of every cover (spec: `GET /api/project-covers/` answers a list of URLs),
 * `{baseUrl}/api/project-covers/files/{name}.svg`; an empty base gives root-relative URLs.
 */
export function listCovers(baseUrl = ''): string[] {
  const base = baseUrl.replace(/\/+$/, '');
  return [...COVERS.keys()].map((name) => `${base}${COVER_FILES_PATH}/${name}.svg`);
}

/** The SVG of a cover by name (`aurora` or `aurora.svg`), or `undefined` for any other name. */
export function getCover(name: string): string | undefined {
  return COVERS.get(name.endsWith('.svg') ? name.slice(0, -4) : name);
}
