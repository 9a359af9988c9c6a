/**
 * A server-side DOM for the editor core's serialisers. The core parses HTML through
 * `env.parseDocument` and builds output nodes in `env.document`; on Node both come
 * from linkedom, whose parser never runs scripts or loads resources.
 */
import { DOMParser } from 'linkedom';
import type { DomEnvironment } from '../../core/serialize/html.js';

/** The parts of the core's `DomEnvironment` that a server must supply. */
export type ServerDomEnvironment = Required<Pick<DomEnvironment, 'parseDocument' | 'document'>>;

/** Parses an HTML fragment into an inert document, the way the core's browser path wraps it. */
export function parseInertDocument(html: string): Document {
  const markup = `<!doctype html><html><head></head><body>${html}</body></html>`;
  // linkedom's documents implement the DOM the core reads; its typings are its own classes.
  return new DOMParser().parseFromString(markup, 'text/html') as unknown as Document;
}

/** A fresh environment: each call owns its document, so concurrent requests share nothing. */
export function createServerDomEnvironment(): ServerDomEnvironment {
  return { parseDocument: parseInertDocument, document: parseInertDocument('') };
}
