import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Where a question to the server stands: not asked, running (with the last answer, kept until
 * the next comes, so a list does not flash to "Loading…" under the pointer at each search),
 * answered, or failed.
 */
export type Answer<T> = { status: 'idle' } | { status: 'loading'; previous?: T } | { status: 'done'; value: T } | { status: 'error'; error: unknown };

/** What `answer` shows: its value, or while the next runs the last one (undefined when there is none). */
export const shownValue = <T>(answer: Answer<T>): T | undefined =>
  answer.status === 'done' ? answer.value : answer.status === 'loading' ? answer.previous : undefined;

/**
 * Asks `ask` when the component mounts and whenever `question` changes (null: nothing to ask,
 * idle). Only the latest question's answer is kept, so a slow earlier one never overwrites a
 * later one; an `ask` that throws at once is a failed question. `ask` may be a new function on
 * every render: only `question` asks again.
 */
export function useAnswer<T>(ask: () => Promise<T>, question: string | null): Answer<T> {
  const [answer, setAnswer] = useState<Answer<T>>(question === null ? { status: 'idle' } : { status: 'loading' });
  const latest = useRef(ask);
  useLayoutEffect(() => {
    latest.current = ask;
  });
  useEffect(() => {
    if (question === null) {
      setAnswer((last) => (last.status === 'idle' ? last : { status: 'idle' }));
      return;
    }
    let current = true;
    setAnswer((last) => ({ status: 'loading', previous: shownValue(last) }));
    new Promise<T>((resolve) => resolve(latest.current())).then(
      (value) => current && setAnswer({ status: 'done', value }),
      (error: unknown) => current && setAnswer({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [question]);
  return answer;
}
