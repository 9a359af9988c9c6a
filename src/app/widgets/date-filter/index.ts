export { DateFilter, type DateFilterProps } from './date-filter.js';
export {
  DATE_MISSING,
  START_AFTER_END,
  YEAR_TOO_LONG,
  addMonthsClamped,
  dateFilterProblem,
  dateFilterValue,
  defaultDateFilter,
  describeDateFilter,
  type DateFilterType,
  type DateFilterValue,
} from './date-range.js';
