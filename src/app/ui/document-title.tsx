import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';

// The document's title (a browser tab, the history menu, a screen reader's first words on a new
// page) names the screen, then where it is, most specific first: "WEB-12 Fix the sign-in ·
// Website · Acme Corp", "Grace · Profile · Acme Corp", "Sign in · Tracker". The one home of that
// rule: PageHeader asks for its title, a screen without one (an issue, a page, the account
// screens) calls useDocumentTitle, and the workspace and project layouts name their place with
// TitleScope. The page has one title, so what is asked for is kept once for the document.

/** The app's name: the last part of a title outside a workspace, and the whole title with nothing else to name. */
export const APP_NAME = 'Tracker';

/** Between the parts of a title. */
export const TITLE_SEPARATOR = ' · ';

/** The place a component is in: the names of its scopes (innermost first), and how deep it is. */
interface TitlePlace {
  parts: readonly string[];
  depth: number;
}

const TitlePlaceContext = createContext<TitlePlace>({ parts: [], depth: 0 });

/** A title asked for, and how deep its asker is. */
interface Asked {
  title: string;
  depth: number;
}

/** The titles asked for by what is on the page, in the order asked. */
const asked: Asked[] = [];
/** The document's own title, from before anything asked: back once nothing asks. */
let original: string | null = null;

/** Shows the deepest title asked for (the latest among equals: a screen's over its layout's). */
function showTitle(): void {
  const shown = asked.reduce<Asked | null>((best, entry) => (!best || entry.depth >= best.depth ? entry : best), null);
  if (shown) document.title = shown.title;
  else if (original !== null) {
    document.title = original;
    original = null;
  }
}

/** The title of `page` (its parts, most specific first) in `place`: the place's names after it, else the app's name. */
export function titleOf(page: readonly (string | null | undefined)[], place: readonly string[]): string {
  const parts = [...page.map((part) => part?.trim()).filter((part): part is string => !!part), ...(place.length ? place : [APP_NAME])];
  // A screen named as its place (a project's page named for the project) says it once.
  return parts.filter((part, index) => part !== parts[index - 1]).join(TITLE_SEPARATOR);
}

/** Asks for `title` (nothing for null) at `depth` while the component is shown. */
function useAskedTitle(title: string | null, depth: number): void {
  useEffect(() => {
    if (title === null) return undefined;
    const entry: Asked = { title, depth };
    if (!asked.length) original = document.title;
    asked.push(entry);
    showTitle();
    return () => {
      asked.splice(asked.indexOf(entry), 1);
      showTitle();
    };
  }, [title, depth]);
}

/**
 * Makes the document's title `page` (a string, or parts most specific first) followed by the names
 * of the places around it, while the component is shown; nothing asked while `page` is undefined
 * (the place's own title shows meanwhile). When it goes, the title of what is still shown is back.
 */
export function useDocumentTitle(page: string | readonly (string | null | undefined)[] | undefined): void {
  const place = useContext(TitlePlaceContext);
  const title = page === undefined ? null : titleOf(typeof page === 'string' ? [page] : page, place.parts);
  // Half a level deeper than its place: over the place's own title, under a place inside it.
  useAskedTitle(title, place.depth + 0.5);
}

/** Names the place its children are in (a workspace, a project): their titles end with `name`, and it is the title while none of them has one. */
export function TitleScope({ name, children }: { name: string; children: ReactNode }) {
  const outer = useContext(TitlePlaceContext);
  const place = useMemo(() => ({ parts: [name, ...outer.parts], depth: outer.depth + 1 }), [name, outer]);
  useAskedTitle(titleOf([], place.parts), place.depth);
  return <TitlePlaceContext.Provider value={place}>{children}</TitlePlaceContext.Provider>;
}
