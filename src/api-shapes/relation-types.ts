// Plain data, no imports: the app loads this module at run time.

/** The relation types between two issues (the spec's activity fields), each as seen from one side. */
export const RELATION_TYPES = ['relates_to', 'blocking', 'blocked_by', 'duplicate'] as const;

/** A relation type. */
export type RelationType = (typeof RELATION_TYPES)[number];

/** The same relation seen from the other issue. */
export const INVERSE_RELATION: Readonly<Record<RelationType, RelationType>> = {
  relates_to: 'relates_to',
  blocking: 'blocked_by',
  blocked_by: 'blocking',
  duplicate: 'duplicate',
};
