import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import type { DisplayUser, IssueRow, State } from '../../api/types.js';
import { paths } from '../../router/paths.js';
import { DatePicker, NO_COLOUR, StateDot } from '../../ui/pickers/index.js';
import { AvatarGroup } from '../../ui/avatar.js';
import { useStyles } from '../../ui/styles.js';
import { columnStep, LIST_ENTRY_PROPS, listStep } from '../../widgets/command-palette/index.js';
import { screensCss } from '../screens.css.js';
import { issueBoardCss } from './issue-board.css.js';
import { PRIORITY_LABELS } from './issue-icons.js';
import { EstimateChip } from './issue-estimate.js';
import { IssueKey, issueKey } from './issue-key.js';
import { ListFooter } from './issue-list.js';
import { AssigneePicker, LabelPicker, PriorityPicker, StatePicker } from './issue-pickers.js';
import { RowLabels } from './row-labels.js';
import type { RowChanges, RowEditing } from './use-change-issue.js';
import { ISSUE_DISPLAY_PROPERTIES, type IssueDisplayProperty } from '../../../api-shapes/issue-display.js';
import { TargetDay, useOverdue } from './issue-due.js';

/** How the board tells keyboard and pointer users how to move a card. */
/** The board's hint: how to move a card with a pointer, then with the keys (the keys' part is hidden on touch screens, which have none). */
const BOARD_HINT_POINTER = 'Drag a card to another column';
const BOARD_HINT_KEYS = ', or focus it and press Shift+Left Arrow or Shift+Right Arrow to move it to the previous or next column; the arrow keys alone move between cards';

/** Pointer travel (px) before a press on a card becomes a drag, so clicks on its link still work. */
const DRAG_THRESHOLD = 5;

/** How near (px) the board's left or right edge a dragged card scrolls the board, and by how much a frame. */
const EDGE = 48;
const EDGE_STEP = 12;

interface BoardProps {
  slug: string;
  projectId: string;
  states: readonly State[];
  issues: readonly IssueRow[];
  /** How many issues match in all, when more than `issues` are. */
  total?: number;
  /** Why cards cannot be moved (viewers and guests); absent when they can. */
  notAllowed?: string;
  /** Moves cards (drag, keys) and changes their properties in place through the side panel's pickers (members and admins). */
  editing?: RowEditing;
  /** The properties cards show (all when absent). */
  display?: readonly IssueDisplayProperty[];
}

interface Drag {
  issue: IssueRow;
  pointerId: number;
  x: number;
  y: number;
  dx: number;
  dy: number;
  moved: boolean;
  over: string | null;
}

/** The state column under a point, looking past the dragged card itself. */
function columnAt(x: number, y: number, card: Element): string | null {
  for (const element of document.elementsFromPoint(x, y)) {
    if (card.contains(element)) continue;
    const column = element.closest<HTMLElement>('[data-state-id]');
    if (column) return column.dataset.stateId ?? null;
  }
  return null;
}

/** A project's issues as a board: one column per state in the states' order; cards move between columns by pointer or keyboard. */
export function IssueBoard({ slug, projectId, states, issues, total, notAllowed, editing, display = ISSUE_DISPLAY_PROPERTIES }: BoardProps) {
  useStyles('app-screens', screensCss);
  useStyles('app-issue-board', issueBoardCss);
  const api = useApi();
  const members = useQuery({ queryKey: queryKeys.projectMembers(slug, projectId), queryFn: () => api.projects.members(slug, projectId) });
  const hintId = useId();
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const [announcement, setAnnouncement] = useState('');
  // The card moved: it remounts in its new column, and focus goes with it.
  const refocus = useRef<string | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const ordered = [...states].sort((a, b) => a.sequence - b.sequence);
  // Issues whose state is not one of the project's get a column of their own, first, which cards leave but never enter.
  const stateless = issues.some((issue) => !ordered.some((state) => state.id === issue.state_id));
  const columns: ReadonlyArray<{ id: string | null; name: string; color: string }> = [
    ...(stateless ? [{ id: null, name: 'No state', color: NO_COLOUR }] : []),
    ...ordered,
  ];

  const pressed = drag !== null;
  useEffect(() => {
    if (!pressed) return;
    // Escape drops nothing: the card goes back where it was.
    const cancel = (event: globalThis.KeyboardEvent) => event.key === 'Escape' && update(null);
    document.addEventListener('keydown', cancel);
    return () => document.removeEventListener('keydown', cancel);
  }, [pressed]);

  useEffect(() => {
    // Lost: on nothing, or on what holds the board (the main region a press on a card's edge focuses).
    const active = document.activeElement;
    const lost = !active || active === document.body || (boardRef.current !== null && active.contains(boardRef.current));
    if (refocus.current && lost) boardRef.current?.querySelector<HTMLElement>(`[data-issue-id="${CSS.escape(refocus.current)}"] a`)?.focus();
  }, [issues]);

  const update = (next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  const move = async (issue: IssueRow, state: State) => {
    if (issue.state_id === state.id || !editing) return;
    // Moved by keys or dropped by the pointer, the card remounts in its new column; focus lost with
    // it comes back to it (never taken from elsewhere), so Shift+Arrow can go on from there.
    refocus.current = issue.id;
    const moved = await editing.onIssueChange(issue, { state_id: state.id });
    setAnnouncement(moved ? `${issueKey(issue)} moved to ${state.name}` : `${issueKey(issue)} stayed in its column`);
  };

  // A press is followed on the window, not the card: the first move can already be over another column.
  const stopFollowing = useRef<(() => void) | null>(null);
  useEffect(() => () => stopFollowing.current?.(), []);

  const pointerDown = (issue: IssueRow) => (event: PointerEvent<HTMLLIElement>) => {
    if (notAllowed || event.button !== 0 || !event.isPrimary || fromControl(event)) return;
    const card = event.currentTarget;
    const pointerId = event.pointerId;
    update({ issue, pointerId, x: event.clientX, y: event.clientY, dx: 0, dy: 0, moved: false, over: null });
    const board = boardRef.current!;
    const startScroll = board.scrollLeft;
    let pointer = { x: event.clientX, y: event.clientY };
    let frame = 0;
    const follow = () => {
      const current = dragRef.current;
      if (!current?.moved) return;
      // The card follows the pointer and the board's own scrolling (columns out of view come to it near the edges).
      const box = board.getBoundingClientRect();
      const step = pointer.x < box.left + EDGE ? -EDGE_STEP : pointer.x > box.right - EDGE ? EDGE_STEP : 0;
      if (step) board.scrollLeft += step;
      const dx = pointer.x - current.x + board.scrollLeft - startScroll;
      update({ ...current, dx, dy: pointer.y - current.y, over: columnAt(pointer.x, pointer.y, card) });
      frame = step ? requestAnimationFrame(follow) : 0;
    };
    const track = (moving: globalThis.PointerEvent) => {
      const current = dragRef.current;
      if (!current || moving.pointerId !== pointerId) return;
      pointer = { x: moving.clientX, y: moving.clientY };
      if (!current.moved && Math.hypot(pointer.x - current.x, pointer.y - current.y) < DRAG_THRESHOLD) return;
      if (!current.moved) dragRef.current = { ...current, moved: true };
      if (!frame) follow();
    };
    const drop = (released: globalThis.PointerEvent) => {
      if (released.pointerId !== pointerId) return;
      stop();
      const current = dragRef.current;
      update(null);
      if (!current?.moved) return;
      // The click that follows the release would open the issue; a drop is not a click.
      suppressClick.current = true;
      setTimeout(() => (suppressClick.current = false));
      const target = ordered.find((state) => state.id === columnAt(released.clientX, released.clientY, card));
      if (target) void move(current.issue, target);
    };
    const abort = (cancelled: globalThis.PointerEvent) => {
      if (cancelled.pointerId !== pointerId) return;
      stop();
      update(null);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
      window.removeEventListener('pointermove', track);
      window.removeEventListener('pointerup', drop);
      window.removeEventListener('pointercancel', abort);
      stopFollowing.current = null;
    };
    stopFollowing.current?.();
    stopFollowing.current = stop;
    window.addEventListener('pointermove', track);
    window.addEventListener('pointerup', drop);
    window.addEventListener('pointercancel', abort);
  };

  const keyDown = (issue: IssueRow) => (event: KeyboardEvent<HTMLLIElement>) => {
    if (fromControl(event)) return;
    if (!event.shiftKey) {
      focusAnotherCard(event, boardRef.current!);
      return;
    }
    const across = columnStep(event);
    if (!across) return;
    event.preventDefault();
    if (notAllowed) {
      setAnnouncement(notAllowed);
      return;
    }
    const index = ordered.findIndex((state) => state.id === issue.state_id);
    const target = ordered[across < 0 ? index - 1 : index < 0 ? 0 : index + 1];
    if (target && (index >= 0 || across > 0)) void move(issue, target);
  };

  return (
    <>
      <p className="app-board-hint" id={hintId}>
        {notAllowed ?? (
          <>
            {BOARD_HINT_POINTER}
            <span className="app-board-hint-keys">{BOARD_HINT_KEYS}</span>.
          </>
        )}
      </p>
      <div className="app-board" ref={boardRef} role="group" aria-label="Board">
        {columns.map((state) => {
          const cards = state.id ? issues.filter((issue) => issue.state_id === state.id) : issues.filter((issue) => !ordered.some((known) => known.id === issue.state_id));
          const over = state.id && drag?.moved && drag.over === state.id && drag.issue.state_id !== state.id;
          const headingId = `${hintId}-${state.id ?? 'none'}`;
          return (
            <section key={state.id ?? ''} className="app-board-column" data-state-id={state.id ?? undefined} data-drop-target={over ? '' : undefined} aria-labelledby={headingId}>
              <h2 id={headingId}>
                <StateDot color={state.color} />
                {state.name}
                <span className="app-board-count">
                  {cards.length}
                  <span className="app-visually-hidden"> {cards.length === 1 ? 'issue' : 'issues'}</span>
                </span>
              </h2>
              <ul className="app-board-cards" aria-label={state.name}>
                {cards.map((issue) => {
                  const dragging = drag?.moved && drag.issue.id === issue.id;
                  return (
                    <li
                      key={issue.id}
                      className="app-board-card"
                      data-issue-id={issue.id}
                      data-movable={notAllowed ? undefined : ''}
                      data-dragging={dragging ? '' : undefined}
                      style={dragging ? { transform: `translate(${drag.dx}px, ${drag.dy}px)` } : undefined}
                      onPointerDown={pointerDown(issue)}
                      onKeyDown={keyDown(issue)}
                      onClickCapture={(event) => suppressClick.current && event.preventDefault()}
                    >
                      {display.includes('key') ? <IssueKey issue={issue} /> : null}
                      <Link
                        to={paths.issue(slug, issue.project_id, issue.id)}
                        aria-label={`${issueKey(issue)} ${issue.name}`}
                        aria-describedby={hintId}
                        draggable={false}
                        {...LIST_ENTRY_PROPS}
                      >
                        {issue.name}
                      </Link>
                      <CardMeta
                        issue={issue}
                        members={members.data ?? []}
                        editing={editing}
                        // A new state moves the card to its column, focus going with it, as Shift+Arrow does.
                        onChange={(changes) => {
                          const state = ordered.find((candidate) => candidate.id === changes.state_id);
                          void (state ? move(issue, state) : editing?.onIssueChange(issue, changes));
                        }}
                        display={display}
                      />
                    </li>
                  );
                })}
                {over ? <li className="app-board-placeholder" aria-hidden="true" /> : null}
              </ul>
            </section>
          );
        })}
      </div>
      <ListFooter shown={issues.length} total={total} />
      <p className="app-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

/**
 * From a card's link, Down and Up Arrow (or J and K) focus the card below or above in its column,
 * and Left and Right Arrow the card at the same height in the nearest column that has cards
 * (its last card when it has fewer): the board is walked with the keys that move a card, without
 * Shift. Focus stays where it is at the board's edges.
 */
function focusAnotherCard(event: KeyboardEvent<HTMLLIElement>, board: HTMLElement): void {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const step = listStep(event);
  const across = columnStep(event);
  // Any other key (Tab, Enter, letters) leaves before the board is read.
  if (!step && !across) return;
  const columns = [...board.querySelectorAll('.app-board-cards')].map((list) => [...list.querySelectorAll(':scope > .app-board-card')]);
  const column = columns.findIndex((cards) => cards.includes(event.currentTarget));
  if (column < 0) return;
  const at = columns[column]!.indexOf(event.currentTarget);
  let to: Element | undefined;
  if (step) to = columns[column]![at + step];
  else if (across) {
    for (let index = column + across; index >= 0 && index < columns.length && !to; index += across) {
      const cards = columns[index]!;
      if (cards.length) to = cards[Math.min(at, cards.length - 1)];
    }
  }
  const link = to?.querySelector<HTMLElement>('a[href]');
  if (!link) return;
  event.preventDefault();
  link.focus();
}

/**
 * Whether a press or key comes from a control of the card (its pickers) or from a popup
 * opened from it: React passes a portal's events up through the card, where they move nothing.
 */
function fromControl(event: { target: EventTarget; currentTarget: Element }): boolean {
  const target = event.target as Element;
  return !event.currentTarget.contains(target) || !!target.closest?.('button');
}

/** A card's second line: state, priority, estimate, labels, target date and assignees (their names for screen readers, avatars on screen); pickers given `editing`. */
function CardMeta({
  issue,
  members,
  editing,
  onChange,
  display,
}: {
  issue: IssueRow;
  members: readonly DisplayUser[];
  editing?: RowEditing;
  onChange(changes: RowChanges): void;
  display: readonly IssueDisplayProperty[];
}) {
  const shows = (property: IssueDisplayProperty) => display.includes(property);
  const overdue = useOverdue(issue);
  if (editing) {
    const { choices } = editing;
    return (
      <div className="app-board-meta">
        <StatePicker compact choices={choices} value={issue.state_id} known={issue} onChange={(stateId) => onChange({ state_id: stateId })} />
        {shows('priority') ? <PriorityPicker value={issue.priority} onChange={(priority) => onChange({ priority })} /> : null}
        {issue.estimate_point && shows('estimate') ? <EstimateChip value={issue.estimate_point} /> : null}
        {shows('labels') ? <LabelPicker compact choices={choices} value={issue.label_ids} known={issue.labels} onChange={(ids) => onChange({ label_ids: ids })} /> : null}
        {shows('target_date') ? <DatePicker compact label="Target date" value={issue.target_date} overdue={overdue} onPick={(day) => onChange({ target_date: day })} /> : null}
        {shows('assignees') ? (
          <span className="app-board-assignees">
            <AssigneePicker compact choices={choices} value={issue.assignee_ids} known={issue.assignees} onChange={(ids) => onChange({ assignee_ids: ids })} />
          </span>
        ) : null}
      </div>
    );
  }
  const assignees = !shows('assignees') ? [] : issue.assignee_ids.map((id) => members.find((member) => member.id === id)).filter((user): user is DisplayUser => !!user);
  return (
    <div className="app-board-meta">
      {shows('priority') && issue.priority !== 'none' ? (
        <span className="app-board-priority" data-priority={issue.priority}>
          <span className="app-visually-hidden">Priority </span>
          {PRIORITY_LABELS.get(issue.priority)}
        </span>
      ) : null}
      {issue.estimate_point && shows('estimate') ? <EstimateChip value={issue.estimate_point} /> : null}
      {issue.labels.length && shows('labels') ? (
        <span className="app-board-labels">
          <RowLabels labels={issue.labels} />
        </span>
      ) : null}
      {shows('target_date') ? <TargetDay issue={issue} className="app-issue-date" /> : null}
      {assignees.length ? (
        <span className="app-board-assignees">
          <AvatarGroup people={assignees} label="Assigned to" />
        </span>
      ) : null}
    </div>
  );
}
