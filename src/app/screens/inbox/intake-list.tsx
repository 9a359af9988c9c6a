import { useRef, type KeyboardEvent } from 'react';
import type { IntakeIssue } from '../../api/types.js';
import { absoluteTime, relativeTime } from '../../widgets/activity-feed/index.js';
import { intakeStatusText } from './inbox-words.js';

/** Props of {@link IntakeList}. */
export interface IntakeListProps {
  intakes: IntakeIssue[];
  /** The list's accessible name ("Open requests"). */
  label: string;
  selectedId: string;
  onSelect(intake: IntakeIssue): void;
  now: Date;
}

/**
 * The requests of a tab, newest first, each a button that shows it beside the list (the shown
 * one is `aria-current`). Arrow keys, Home and End move between them and show the one reached.
 */
export function IntakeList({ intakes, label, selectedId, onSelect, now }: IntakeListProps) {
  const list = useRef<HTMLUListElement>(null);
  const move = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = intakes.findIndex((intake) => intake.id === selectedId);
    const last = intakes.length - 1;
    const next = { ArrowDown: Math.min(index + 1, last), ArrowUp: Math.max(index - 1, 0), Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(intakes[next]!);
    list.current?.querySelectorAll<HTMLButtonElement>('.app-inbox-item')[next]?.focus();
  };
  return (
    <ul ref={list} className="app-inbox-list" aria-label={label} onKeyDown={move}>
      {intakes.map((intake) => (
        <li key={intake.id}>
          <button type="button" className="app-inbox-item" aria-current={intake.id === selectedId ? 'true' : undefined} onClick={() => onSelect(intake)}>
            <span className="app-inbox-item-name">{intake.name}</span>
            <span className="app-inbox-item-meta">
              <span>{intake.key}</span>
              <span>{intakeStatusText(intake)}</span>
              <time dateTime={intake.created_at} title={absoluteTime(intake.created_at)}>
                {relativeTime(intake.created_at, now)}
              </time>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
