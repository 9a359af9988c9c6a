import { createContext, useContext, useLayoutEffect, useState } from 'react';

// Where keyboard focus goes when the element holding it leaves the page: a row archived or
// deleted, an empty state's button replaced by what it made, a dialog's opener gone while the
// dialog was open. Browsers drop focus on the page's body, and the next Tab starts over at the
// skip link. The one home of that rule: the workspace layout keeps a FocusKeeper on its main
// region, and every AppDialog asks it where to return focus when its opener is gone. A "Show
// more" button that leaves with the last page sends focus on to the first row it brought
// (shownRows, focusFirstAddedRow), not back to a heading.

/** What can hold focus in a row: a control keeps its place among them from one row to the next. */
const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]';

/** Layers drawn over the screen (dialogs, menus, popovers): focus there is still the screen's. */
const LAYERS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [data-radix-popper-content-wrapper]';

/** Where a focused element stood, read while it was on the page: what stands in for it once it has gone. */
interface FocusPlace {
  element: HTMLElement;
  /** The address it was on: after a navigation the new page decides (useFocusAfterNavigation). */
  pathname: string;
  /** The list item or table row holding it, the list, the rows beside it and its place there. */
  row: HTMLElement | null;
  list: HTMLElement | null;
  next: Element | null;
  previous: Element | null;
  rowIndex: number;
  /** Its place among its row's controls (a row's Archive button leads to the next row's). */
  control: number;
  /** The headings before it, nearest first, outside rows (a card's own title is no place to land). */
  headings: HTMLElement[];
}

const controlsOf = (root: Element) => [...root.querySelectorAll<HTMLElement>(CONTROLS)];

/** Whether `element` is on the page, shown, enabled and in the Tab order. */
function tabbable(element: HTMLElement): boolean {
  return element.isConnected && element.tabIndex >= 0 && !element.matches(':disabled') && !element.closest('[inert]') && element.getClientRects().length > 0;
}

/** The control at `index` of `row` when it can take focus, else the row's first that can. */
function controlIn(row: Element, index: number): HTMLElement | null {
  const controls = controlsOf(row);
  const same = controls[index];
  return same && tabbable(same) ? same : (controls.find(tabbable) ?? null);
}

function placeOf(element: HTMLElement, root: HTMLElement, pathname: string): FocusPlace {
  const found = element.closest<HTMLElement>('li, tr');
  const row = found && root.contains(found) && found !== root ? found : null;
  const list = row?.parentElement ?? null;
  const headings = [...root.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')]
    .filter((heading) => heading.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING && !heading.closest('li, tr'))
    .reverse();
  return {
    element,
    pathname,
    row,
    list,
    next: row?.nextElementSibling ?? null,
    previous: row?.previousElementSibling ?? null,
    rowIndex: list ? [...list.children].indexOf(row!) : -1,
    control: row ? controlsOf(row).indexOf(element) : -1,
    headings,
  };
}

/**
 * What takes focus for an element gone from `place`: in its row, the control in its place (the
 * row was drawn again); else the next row's (the row left its list), or the previous row's for the
 * last; else the list; else the nearest heading before it that is still there.
 */
function standInFor(place: FocusPlace): HTMLElement | null {
  const { row, list } = place;
  if (row?.isConnected) {
    const control = controlIn(row, place.control);
    if (control) return control;
  }
  if (list?.isConnected) {
    const rows = [...list.children];
    const near = [place.next, place.previous, rows[Math.min(place.rowIndex, rows.length - 1)]];
    for (const candidate of near) {
      const control = candidate?.parentElement === list ? controlIn(candidate, place.control) : null;
      if (control) return control;
    }
    // A table's rows sit in its body: the table is the list.
    return list.matches('tbody, thead, tfoot') ? list.closest('table') : list;
  }
  return place.headings.find((heading) => heading.isConnected) ?? null;
}

/**
 * Focuses `element`; a list or heading, which cannot take focus, takes it from the script only
 * (tabindex -1) until it loses it again.
 */
export function focusStandIn(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex') && !element.matches(CONTROLS)) {
    element.setAttribute('tabindex', '-1');
    element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true });
  }
  element.focus();
}

/** The rows a list shows around a control under it (a "Show more" button), read as it asks for more: see {@link focusFirstAddedRow}. */
export interface ShownRows {
  /** The nearest element around the control that holds rows. */
  scope: HTMLElement;
  rows: ReadonlySet<Element>;
  /** The last of them, in document order. */
  last: Element | null;
}

/** The list items and table rows of `scope`, those inside another row left out (a row's own lists). */
function rowsIn(scope: HTMLElement): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>('li, tr')].filter((row) => {
    const outer = row.parentElement?.closest('li, tr');
    return !outer || !scope.contains(outer);
  });
}

/** The rows shown now in the nearest element around `control` that holds any, or null with none about it. */
export function shownRows(control: HTMLElement): ShownRows | null {
  for (let scope = control.parentElement; scope && scope !== document.body; scope = scope.parentElement) {
    const rows = rowsIn(scope);
    if (rows.length) return { scope, rows: new Set(rows), last: rows.at(-1) ?? null };
  }
  return null;
}

/**
 * Focuses the first row added since `shown` was read, after the rows there were (its first control,
 * else the row itself); with none added, the last row there was: focus stays in the list. Returns
 * whether anything took focus.
 */
export function focusFirstAddedRow(shown: ShownRows): boolean {
  if (!shown.scope.isConnected) return false;
  const added = rowsIn(shown.scope).filter((row) => !shown.rows.has(row));
  const { last } = shown;
  const after = last?.isConnected ? added.find((row) => last.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING) : undefined;
  const row = after ?? added[0] ?? (last?.isConnected ? last : null);
  if (!row) return false;
  focusStandIn(controlIn(row, 0) ?? (row as HTMLElement));
  return true;
}

/** Keeps focus on a screen whose elements come and go: see {@link createFocusKeeper}. */
export interface FocusKeeper {
  /** Watches `root` (the main region): a ref callback, returning its cleanup (React 19). */
  attach(root: HTMLElement | null): (() => void) | undefined;
  /** The address shown now. */
  setPathname(pathname: string): void;
  /** What had focus last on the screen when it is still there, else what stands in for it; null after a navigation or with nothing known. */
  standIn(): HTMLElement | null;
}

/**
 * A FocusKeeper: remembers where focus last was inside its root (focus in a dialog or a menu
 * keeps that memory: the dialog's opener is the place it returns to), and when that element
 * leaves the page while focus fell to the body, moves focus to what stands in for it.
 */
export function createFocusKeeper(): FocusKeeper {
  let last: FocusPlace | null = null;
  let pathname = '';
  let pending: ReturnType<typeof setTimeout> | undefined;

  const standIn = () => {
    if (!last || last.pathname !== pathname) return null;
    return last.element.isConnected ? last.element : standInFor(last);
  };

  const restore = () => {
    pending = undefined;
    const active = document.activeElement;
    if (!last || last.element.isConnected || (active && active !== document.body)) return;
    const target = standIn();
    if (target) focusStandIn(target);
  };

  return {
    attach(root) {
      if (!root) return undefined;
      const remember = (element: HTMLElement) => void (last = placeOf(element, root, pathname));
      const onFocusIn = (event: FocusEvent) => {
        const target = event.target;
        if (!(target instanceof HTMLElement)) return;
        if (root.contains(target)) remember(target);
        // Focus taken elsewhere (the sidebar, the header) is no longer the screen's.
        else if (!target.closest(LAYERS)) last = null;
      };
      // WebKit does not focus a button on a click: the pressed control is the place all the same.
      const onPointerDown = (event: PointerEvent) => {
        const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROLS) : null;
        if (control && root.contains(control)) remember(control);
      };
      const observer = new MutationObserver(() => {
        if (!last || last.element.isConnected || pending !== undefined) return;
        // On the next task: after a closing dialog (Radix returns focus a task after it has gone)
        // and the new page of a navigation have put focus where they mean to.
        pending = setTimeout(restore);
      });
      document.addEventListener('focusin', onFocusIn);
      root.addEventListener('pointerdown', onPointerDown, { capture: true });
      observer.observe(root, { childList: true, subtree: true });
      return () => {
        document.removeEventListener('focusin', onFocusIn);
        root.removeEventListener('pointerdown', onPointerDown, { capture: true });
        observer.disconnect();
        clearTimeout(pending);
        pending = undefined;
        last = null;
      };
    },
    setPathname(next) {
      pathname = next;
    },
    standIn,
  };
}

/** The FocusKeeper of the screen a component is on (none outside the workspace layout). */
export const FocusKeeperContext = createContext<FocusKeeper | null>(null);

/** The FocusKeeper of the screen, for a dialog returning focus. */
export function useFocusKeeper(): FocusKeeper | null {
  return useContext(FocusKeeperContext);
}

/** A FocusKeeper made once for a layout, told the address shown (`pathname`); give its `attach` as the main region's ref. */
export function useNewFocusKeeper(pathname: string): FocusKeeper {
  const [keeper] = useState(createFocusKeeper);
  useLayoutEffect(() => keeper.setPathname(pathname), [keeper, pathname]);
  return keeper;
}
