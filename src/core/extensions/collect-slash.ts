/**
 * The slash entries a schema's nodes bring (extensions/collect.ts collects the rest). Only the
 * slash menu reads them, so they load with it.
 */
import type { Schema } from 'prosemirror-model';
import { featureOn, type ExtensionFeatureName, type Features } from '../features.js';
import { perSchema } from '../per-schema.js';
import type { SlashItem } from '../plugins/slash-items.js';
import { defined } from './collect.js';
import { slashEntriesOf } from './define.js';

const slashEntries = perSchema((schema: Schema): ReadonlyArray<SlashItem & { feature?: ExtensionFeatureName }> =>
  defined(schema).flatMap(({ def, feature }) =>
    slashEntriesOf(def).map((entry) => ({ id: entry.id, title: entry.title, description: entry.description ?? '', searchTerms: entry.terms ?? [], icon: entry.icon, command: entry.command, feature })),
  ),
);

/** The slash entries of the schema's nodes whose feature is on, in schema order. */
export function schemaSlashItems(schema: Schema, features?: Features): SlashItem[] {
  return slashEntries(schema).filter((entry) => featureOn(features, entry.feature));
}
