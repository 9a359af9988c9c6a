import { Type, type Static } from 'typebox';
import { AUTOMATION_MONTHS } from './automation-periods.js';
import { nullable, uuid } from './fields.js';

const months = Type.Unsafe<(typeof AUTOMATION_MONTHS)[number]>({ type: 'integer', enum: AUTOMATION_MONTHS });

/**
 * A project's automations (GET/PUT …/projects/:projectId/automations): issues done with
 * (completed or cancelled) are archived `archive_in` months after they were done, and issues
 * not done with that nobody changed for `close_in` months are closed to `close_state_id` (a
 * cancelled state; the project's first one when null). 0 turns each off.
 */
export const automationShape = Type.Object({ archive_in: months, close_in: months, close_state_id: nullable(uuid) }, { additionalProperties: false });

/** A project's automations. */
export type Automation = Static<typeof automationShape>;
