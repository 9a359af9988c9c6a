import type { StateCreateBody, StateUpdateBody } from '../../api-shapes/state.js';
import type { ApiClient } from './client.js';
import { projectPath } from './projects.js';
import type { State } from './types.js';

const statesPath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/states`;

/** A project's workflow states: listed for the pickers and the board, managed in the project's settings. */
export function statesApi(client: ApiClient) {
  return {
    list: (slug: string, projectId: string) => client.request<State[]>('GET', statesPath(slug, projectId)),
    create: (slug: string, projectId: string, input: StateCreateBody) => client.request<State>('POST', statesPath(slug, projectId), { body: input }),
    update: (slug: string, projectId: string, stateId: string, input: StateUpdateBody) =>
      client.request<State>('PATCH', `${statesPath(slug, projectId)}/${encodeURIComponent(stateId)}`, { body: input }),
    remove: (slug: string, projectId: string, stateId: string) => client.request<void>('DELETE', `${statesPath(slug, projectId)}/${encodeURIComponent(stateId)}`),
  };
}
