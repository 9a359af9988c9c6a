// Type-level assertions for the *.types.ts files (checked by `tsc -p tsconfig.json`).

/** true when A and B are the same type (neither wider nor narrower, property by property). */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only with `true`. */
export type Expect<T extends true> = T;
