import { PRIORITIES, PRIORITY_NAMES } from '../../../api-shapes/issue-priority.js';
import type { Priority } from '../../api/types.js';

/** The priorities, most pressing first, with their labels. */
export const PRIORITY_OPTIONS: ReadonlyArray<{ value: Priority; label: string }> = PRIORITIES.map((value) => ({ value, label: PRIORITY_NAMES[value] }));
