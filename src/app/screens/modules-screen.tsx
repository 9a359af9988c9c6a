import { paths } from '../router/paths.js';
import { datesOf, PlanningListScreen, type PlanningKind } from './planning/planning-list-screen.js';

const modules: PlanningKind = {
  plural: 'modules',
  title: 'Modules',
  singular: 'module',
  description: 'A module groups the issues of one part of the work.',
  endLabel: 'Target date',
  feature: 'module_view',
  notice: 'disabled-modules',
  createAction: 'create-module',
  list: (api, slug, projectId) => api.planning.modules(slug, projectId),
  create: (api, slug, projectId, values) => api.planning.createModule(slug, projectId, datesOf(values, 'target_date')),
  href: (slug, projectId, id) => paths.module(slug, projectId, id),
};

/** A project's modules (behind its modules toggle); Members create them with a name and dates. */
export function ModulesScreen() {
  return <PlanningListScreen kind={modules} />;
}
