import { Type, type Static } from 'typebox';
import { AUTOMATION_MONTHS } from './automation-periods.js';
import { integer, nullable, stringEnum, uuid } from './fields.js';

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

/**
 * The months of an automation as a query string says them (GET …/automations/preview?archive_in=3&close_in=0).
 */
const monthsInQuery = stringEnum(AUTOMATION_MONTHS.map(String));

/** The query of GET …/automations/preview: the settings to count for, as the form has them before saving. */
export const automationPreviewQuery = Type.Object({ archive_in: monthsInQuery, close_in: monthsInQuery }, { additionalProperties: false });

/**
 * GET …/automations/preview: how many of the project's issues the given settings would archive
 * and close if they ran now (0 for one turned off). Project admins ask, before saving.
 */
export const automationPreviewShape = Type.Object({ archive: integer, close: integer }, { additionalProperties: false });

/** What given automations would do now. */
export type AutomationPreview = Static<typeof automationPreviewShape>;
