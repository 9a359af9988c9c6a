import { Type, type Static } from 'typebox';
import { HEX_COLOUR_PATTERN, number, optionalFields, string, text, timestamp, uuid } from './fields.js';

/** A label of a project, as the API returns it. */
export const labelShape = Type.Object({
  id: uuid,
  project_id: uuid,
  name: string,
  color: string,
  sort_order: number,
  created_at: timestamp,
  updated_at: timestamp,
});

/** A label of a project. */
export type Label = Static<typeof labelShape>;

const labelFields = {
  name: text(255),
  // Empty: no colour chosen yet.
  color: Type.String({ pattern: `^(${HEX_COLOUR_PATTERN})?$` }),
  sort_order: number,
};

/** POST …/labels: a new label; only the name is required. */
export const labelCreateBody = Type.Object({ ...optionalFields(labelFields), name: labelFields.name }, { additionalProperties: false });

/** What creating a label sends. */
export type LabelCreateBody = Static<typeof labelCreateBody>;

/** PATCH …/labels/:labelId: at least one field. */
export const labelUpdateBody = Type.Object(optionalFields(labelFields), { additionalProperties: false, minProperties: 1 });

/** What changing a label sends. */
export type LabelUpdateBody = Static<typeof labelUpdateBody>;
