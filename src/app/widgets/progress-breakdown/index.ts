export { ProgressBars, ProgressBreakdown, ProgressMeter, type ProgressBreakdownProps } from './progress-breakdown.js';
export {
  STATE_GROUPS,
  assigneeRows,
  labelRows,
  percent,
  stateRows,
  type AssigneeDistribution,
  type Distribution,
  type LabelDistribution,
  type ProgressRow,
  type StateDistribution,
} from './distribution.js';
export { BREAKDOWN_TABS, TAB_STORAGE_KEY, readRememberedTab, useRememberedTab, type BreakdownTab } from './remembered-tab.js';
