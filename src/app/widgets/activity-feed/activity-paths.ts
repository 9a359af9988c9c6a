/** Issue page path (spec, section 2). */
export function issuePath(workspaceSlug: string, projectId: string, issueId: string): string {
  return `/${workspaceSlug}/projects/${projectId}/issues/${issueId}`;
}

/** Cycle page path (spec, section 2). */
export function cyclePath(workspaceSlug: string, projectId: string, cycleId: string): string {
  return `/${workspaceSlug}/projects/${projectId}/cycles/${cycleId}`;
}

/** Module page path (spec, section 2). */
export function modulePath(workspaceSlug: string, projectId: string, moduleId: string): string {
  return `/${workspaceSlug}/projects/${projectId}/modules/${moduleId}`;
}

/** User profile path (spec, section 2). */
export function profilePath(workspaceSlug: string, userId: string): string {
  return `/${workspaceSlug}/profile/${userId}`;
}
