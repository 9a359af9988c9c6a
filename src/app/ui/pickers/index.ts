export { Picker, type PickerOption, type PickerProps } from './picker.js';
export { DatePicker, REMOVE_DATE, formatDay } from './date-picker.js';
export { Avatar, LabelChip, PriorityIcon, StateDot, initials } from './values.js';
