import type { IntakeCreateBody, IntakeTab, IntakeUpdateBody } from '../../api-shapes/intake.js';
import type { ApiClient } from './client.js';
import { projectPath } from './projects.js';
import type { Activity, IntakeIssue } from './types.js';

const intakePath = (slug: string, projectId: string, intakeId?: string) =>
  `${projectPath(slug, projectId)}/intake-issues${intakeId ? `/${encodeURIComponent(intakeId)}` : ''}`;

/** The most intake issues one tab lists (the server's page limit). */
export const INTAKE_PAGE = 100;

/** A project's inbox: its open or closed intake issues, filing one, a member's decision on one, and its activity. */
export function intakeApi(client: ApiClient) {
  return {
    list: (slug: string, projectId: string, tab: IntakeTab) =>
      client.request<IntakeIssue[]>('GET', intakePath(slug, projectId), { query: { tab, limit: INTAKE_PAGE } }),
    create: (slug: string, projectId: string, input: IntakeCreateBody) => client.request<IntakeIssue>('POST', intakePath(slug, projectId), { body: input }),
    decide: (slug: string, projectId: string, intakeId: string, decision: IntakeUpdateBody) =>
      client.request<IntakeIssue>('PATCH', intakePath(slug, projectId, intakeId), { body: decision }),
    activities: (slug: string, projectId: string, intakeId: string) => client.request<Activity[]>('GET', `${intakePath(slug, projectId, intakeId)}/activities`),
  };
}
