// Plain data, no imports: the app loads this module at run time.

/**
 * The reactions a comment takes, in the order the picker offers them: each a key (what the API
 * and the database say), the emoji shown, and its name as assistive technology reads it.
 */
export const REACTIONS = [
  { key: 'thumbs_up', emoji: '👍', name: 'Thumbs up' },
  { key: 'thumbs_down', emoji: '👎', name: 'Thumbs down' },
  { key: 'laugh', emoji: '😄', name: 'Laugh' },
  { key: 'hooray', emoji: '🎉', name: 'Hooray' },
  { key: 'confused', emoji: '😕', name: 'Confused' },
  { key: 'heart', emoji: '❤️', name: 'Heart' },
  { key: 'rocket', emoji: '🚀', name: 'Rocket' },
  { key: 'eyes', emoji: '👀', name: 'Eyes' },
] as const;

/** A reaction's key. */
export type ReactionKey = (typeof REACTIONS)[number]['key'];

/** Every reaction's key, in the picker's order. */
export const REACTION_KEYS = REACTIONS.map((reaction) => reaction.key) as ReactionKey[];
