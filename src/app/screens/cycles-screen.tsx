import { paths } from '../router/paths.js';
import { datesOf, PlanningListScreen, type PlanningKind } from './planning/planning-list-screen.js';

const cycles: PlanningKind = {
  plural: 'cycles',
  title: 'Cycles',
  singular: 'cycle',
  description: 'A cycle is a time box for a set of issues.',
  endLabel: 'End date',
  feature: 'cycle_view',
  notice: 'disabled-cycles',
  createAction: 'create-cycle',
  list: (api, slug, projectId) => api.planning.cycles(slug, projectId),
  create: (api, slug, projectId, values) => api.planning.createCycle(slug, projectId, datesOf(values, 'end_date')),
  href: (slug, projectId, id) => paths.cycle(slug, projectId, id),
};

/** A project's cycles (behind its cycles toggle); Members create them with a name and dates. */
export function CyclesScreen() {
  return <PlanningListScreen kind={cycles} />;
}
