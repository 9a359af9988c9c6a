export { Picker, type PickerOption, type PickerProps } from './picker.js';
export { DatePicker, REMOVE_DATE } from './date-picker.js';
export { LabelChip, PriorityGlyph, StateDot } from './values.js';
export { Avatar, AvatarGroup, initials } from '../avatar.js';
