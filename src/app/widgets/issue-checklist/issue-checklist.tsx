import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { DialogClose } from '../../ui/dialog.js';
import { useStyles } from '../../ui/styles.js';
import { issueChecklistCss } from './issue-checklist.css.js';
import { issueKey, SELECT_AT_LEAST_ONE, type ChecklistIssue, type ChecklistResults } from './checklist-issue.js';

/** The selection of an {@link IssueChecklist}, from {@link useIssueChecklist}. */
export interface ChecklistState<T extends ChecklistIssue> {
  /** The chosen issues by id, kept whole so a choice survives searches that no longer list it. */
  selected: ReadonlyMap<string, T>;
  toggle(issue: T): void;
  /** Why the last submission did not go through, or null. */
  problem: string | null;
  setProblem(problem: string | null): void;
  /** Whether a submission is on its way. */
  busy: boolean;
  /**
   * Sends `chosen` once: none chosen is refused with the spec's message; resolves true once `send`
   * resolved, and rethrows its failure with the selection kept for another try.
   */
  submit(chosen: readonly T[], send: (chosen: T[]) => void | Promise<void>): Promise<boolean>;
}

/**
 * The state of an issue checklist: what is chosen (at first `initial`), the problem to show, and
 * one submission at a time. With `single`, choosing an issue replaces the one chosen before.
 */
export function useIssueChecklist<T extends ChecklistIssue>({ single = false, initial = [] }: { single?: boolean; initial?: readonly T[] } = {}): ChecklistState<T> {
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(() => new Map(initial.map((issue) => [issue.id, issue])));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    selected,
    problem,
    setProblem,
    busy,
    toggle(issue) {
      setProblem(null);
      setSelected((current) => {
        const next = new Map(single ? [...current].filter(([id]) => id === issue.id) : current);
        if (!next.delete(issue.id)) next.set(issue.id, issue);
        return next;
      });
    },
    async submit(chosen, send) {
      if (busy) return false;
      if (!chosen.length) {
        setProblem(SELECT_AT_LEAST_ONE);
        return false;
      }
      setBusy(true);
      try {
        await send([...chosen]);
      } catch (error) {
        setBusy(false);
        throw error;
      }
      return true;
    },
  };
}

/** Props of {@link IssueChecklist}. */
export interface IssueChecklistProps<T extends ChecklistIssue> {
  state: ChecklistState<T>;
  /** The search box's text, and its placeholder. */
  query: string;
  onQueryChange(query: string): void;
  placeholder: string;
  /** The issues listed for the query, or where their search stands. */
  results: ChecklistResults<T>;
  /** How many issues the submission would send. */
  count: number;
  /** The submit button: its label (its busy label while busy) and whether it is the primary or a danger action. */
  submitLabel: string;
  busyLabel?: string;
  kind: 'primary' | 'danger';
  onSubmit(): void;
  /** Shown between the search box and the list (the picker's workspace switch and chosen issues). */
  children?: ReactNode;
}

/**
 * The one checklist of issues the widgets' dialogs share (bulk delete, the issue picker): a search
 * box, each issue as a checkbox with its state's colour, key and name, how many are selected,
 * why a submission was refused, and Cancel beside the submit button. Enter in the search box
 * never submits (the choice is made in the list). It lives in an AppDialog.
 */
export function IssueChecklist<T extends ChecklistIssue>(props: IssueChecklistProps<T>) {
  const { state, query, onQueryChange, placeholder, results, count, submitLabel, busyLabel = submitLabel, kind, onSubmit, children } = props;
  useStyles('app-issue-checklist', issueChecklistCss);
  const problemId = `${useId()}-problem`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const keepEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  };
  return (
    <form className="app-checklist" onSubmit={submit} noValidate>
      <label className="app-checklist-search">
        Search issues
        <input type="search" value={query} placeholder={placeholder} autoComplete="off" onChange={(event) => onQueryChange(event.target.value)} onKeyDown={keepEnter} />
      </label>
      {children}
      <fieldset className="app-checklist-issues" aria-describedby={state.problem ? problemId : undefined} aria-busy={results.status === 'loading'}>
        <legend className="app-checklist-legend">Issues</legend>
        <ChecklistItems results={results} selected={state.selected} toggle={state.toggle} />
      </fieldset>
      <p className="app-checklist-count" aria-live="polite">
        {count} selected
      </p>
      {state.problem && (
        <p id={problemId} className="app-checklist-error" role="alert">
          {state.problem}
        </p>
      )}
      <div className="app-checklist-actions">
        <DialogClose type="button" className="app-checklist-button">
          Cancel
        </DialogClose>
        <button type="submit" className="app-checklist-button" data-kind={kind} disabled={state.busy}>
          {state.busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}

function ChecklistItems<T extends ChecklistIssue>({ results, selected, toggle }: { results: ChecklistResults<T>; selected: ReadonlyMap<string, T>; toggle(issue: T): void }) {
  // A search under way keeps the last answer's list (the fieldset says it is busy); with none to keep, it says so.
  const issues = results.status === 'done' ? results.issues : results.status === 'loading' ? results.previous : undefined;
  if (results.status === 'loading' && !issues?.length) {
    return (
      <p className="app-checklist-note" role="status">
        Loading…
      </p>
    );
  }
  if (results.status === 'error') {
    return (
      <p className="app-checklist-note app-checklist-error" role="alert">
        {results.message}
      </p>
    );
  }
  if (!issues?.length) {
    return (
      <p className="app-checklist-note" role="status">
        No issues found
      </p>
    );
  }
  return (
    <ul className="app-checklist-list">
      {issues.map((issue) => (
        <li key={issue.id}>
          <label className="app-checklist-issue">
            <input type="checkbox" checked={selected.has(issue.id)} onChange={() => toggle(issue)} />
            <span className="app-checklist-dot" style={{ backgroundColor: issue.state__color ?? 'transparent' }} aria-hidden="true" />
            <span className="app-checklist-key">{issueKey(issue)}</span>
            <span className="app-checklist-name">{issue.name}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}
