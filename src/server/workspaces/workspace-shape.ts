import type { StaticDecode } from 'typebox';
import { workspaceRowShape, workspaceShape } from '../../api-shapes/workspace.js';
import { selectList } from '../db/select-list.js';

// The workspace shape is defined once in src/api-shapes/workspace.ts (shared with the app).

/** A workspace as the API returns it, with the caller's role. */
export type WorkspaceJson = StaticDecode<typeof workspaceShape>;

/** A workspace's own columns (without the caller's role). */
export type WorkspaceRow = StaticDecode<typeof workspaceRowShape>;

/** SELECT list of a workspace from `workspaces w` (add the role yourself). */
export const WORKSPACE_COLUMNS = selectList(workspaceRowShape, 'w');

/** Response schema of a workspace. */
export const workspaceSchema = workspaceShape;
