import { useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useAppRouter } from './app-router.js';

/**
 * Changes to the address's query (`?priority=…&layout=board`), each built on the one before.
 * React Router shows a navigation a render later (its navigations are transitions), and its
 * own setter builds on the query of the render that called it: a second change made before
 * that render (two quick picks in a filter, a filter then the layout) was made from the query
 * before the first and undid it. The changes the router has not shown yet are kept in order,
 * one list per router, so every control of a screen builds on the others' too; an address
 * these changes did not make (a link, Back, a saved view) is taken as it comes.
 */
interface Edits {
  /** The address the last render showed: its path and query. */
  shown: string | null;
  /** The addresses made since, oldest first. */
  pending: string[];
}

const editsOfRouter = new WeakMap<object, Edits>();

/** The query as the last render showed it, and a change to make on it as the last change left it (replacing the history entry). */
export function useSearchParamEdits(): [URLSearchParams, (edit: (updated: URLSearchParams) => void) => void] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const router = useAppRouter();
  // Under another router (a screen drawn alone), each control keeps its own list.
  const own = useRef<Edits>({ shown: null, pending: [] });
  let edits = router ? editsOfRouter.get(router) : own.current;
  if (!edits) editsOfRouter.set(router!, (edits = { shown: null, pending: [] }));
  const shown = `${pathname}?${params}`;
  if (shown !== edits.shown) {
    // The router caught up with a change (those before it are shown too), or the address changed elsewhere.
    const caughtUp = edits.pending.indexOf(shown);
    edits.pending = caughtUp >= 0 ? edits.pending.slice(caughtUp + 1) : [];
    edits.shown = shown;
  }
  const list = edits;
  const edit = (change: (updated: URLSearchParams) => void) => {
    const latest = list.pending.at(-1) ?? list.shown ?? `${pathname}?${params}`;
    const updated = new URLSearchParams(latest.slice(latest.indexOf('?') + 1));
    change(updated);
    list.pending.push(`${pathname}?${updated}`);
    setParams(updated, { replace: true });
  };
  return [params, edit];
}
