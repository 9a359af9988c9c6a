import { Type, type Static } from 'typebox';
import { boolean, hexColour, number, optionalFields, string, stringEnum, text, timestamp, uuid } from './fields.js';
import { STATE_GROUPS } from './state-groups.js';

export { STATE_GROUPS, type StateGroup } from './state-groups.js';

/** A workflow state of a project, as the API returns it. */
export const stateShape = Type.Object({
  id: uuid,
  project_id: uuid,
  name: string,
  description: string,
  color: string,
  group: stringEnum(STATE_GROUPS),
  sequence: number,
  is_default: boolean,
  created_at: timestamp,
  updated_at: timestamp,
});

/** A workflow state of a project. */
export type State = Static<typeof stateShape>;

const stateFields = {
  name: text(255),
  description: text(10_000),
  color: hexColour,
  group: stringEnum(STATE_GROUPS),
  sequence: number,
  is_default: boolean,
};

/** POST …/states: a new state; name, colour and group are required. */
export const stateCreateBody = Type.Object(
  { ...optionalFields(stateFields), name: stateFields.name, color: stateFields.color, group: stateFields.group },
  { additionalProperties: false },
);

/** What creating a state sends. */
export type StateCreateBody = Static<typeof stateCreateBody>;

/** PATCH …/states/:stateId: at least one field. */
export const stateUpdateBody = Type.Object(optionalFields(stateFields), { additionalProperties: false, minProperties: 1 });

/** What changing a state sends. */
export type StateUpdateBody = Static<typeof stateUpdateBody>;
