import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/index.js';
import { currentProject } from '../http/context.js';
import { forbidden } from '../http/errors.js';

/** The project feature toggles that gate whole route groups. */
export type ProjectFeature = 'cycle_view' | 'module_view' | 'page_view';

const FEATURE_NAMES: Readonly<Record<ProjectFeature, string>> = {
  cycle_view: 'Cycles',
  module_view: 'Modules',
  page_view: 'Pages',
};

/** The error text of a route whose feature is turned off in its project. */
export function featureDisabledMessage(feature: ProjectFeature): string {
  return `${FEATURE_NAMES[feature]} are disabled in this project. A project admin can turn them on in the project's features.`;
}

/**
 * preHandler, after requireProjectRole: 403 with a "disabled" text when the project has the
 * feature turned off. 403 rather than 404 so the app can tell a disabled feature (and show its
 * notice with "Manage features") from a cycle, module or page that does not exist.
 */
export function requireProjectFeature(feature: ProjectFeature): preHandlerAsyncHookHandler {
  return async function projectFeature(request) {
    await requireFeatureOn(request.server.db, currentProject(request).id, feature);
  };
}

/** 403 with the "disabled" text when the project has `feature` turned off (for a route where only some requests need it). */
export async function requireFeatureOn(db: Db, projectId: string, feature: ProjectFeature): Promise<void> {
  // `feature` is one of three fixed column names, never client input.
  const row = await db.one<{ enabled: boolean }>(`SELECT ${feature} AS enabled FROM projects WHERE id = $1`, [projectId]);
  if (!row.enabled) throw forbidden(featureDisabledMessage(feature));
}
