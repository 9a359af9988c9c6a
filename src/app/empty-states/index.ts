export { EMPTY_STATES, EMPTY_STATE_KEYS, type EmptyStateAction, type EmptyStateActionKey, type EmptyStateEntry, type EmptyStateKey, type EmptyStateWords } from './catalogue.js';
export { EmptyState, disabledReason, type EmptyStateProps } from './empty-state.js';
export { drawIllustration, illustrationPair, svgDataUri, type ColourScheme, type Motif } from './illustrations.js';
