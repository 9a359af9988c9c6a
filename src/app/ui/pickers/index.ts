export { Picker, type PickerOption, type PickerProps } from './picker.js';
export { DatePicker, REMOVE_DATE } from './date-picker.js';
export { LabelChip, NO_COLOUR, PriorityGlyph, StateDot } from './values.js';
export { Avatar, AvatarGroup, initials } from '../avatar.js';
