import { useRef, useState } from 'react';
import { errorMessage } from '../api/api-error.js';

/** Where a form's submission stands, and how to make one. */
export interface Submission {
  /** True while an action runs (the submit button shows it). */
  busy: boolean;
  /** The last action's refusal, in words for the form (null once another starts). */
  failure: string | null;
  setFailure(message: string | null): void;
  /**
   * Runs `action`, busy meanwhile; answers whether it succeeded (a failure is kept for the form).
   * A call made while an action runs does nothing and answers false: a key pressed twice (Enter,
   * Ctrl+Enter) before the busy state has rendered sends once.
   */
  run(action: () => Promise<unknown>): Promise<boolean>;
}

/** A form's submission whose refusal stays in the form: a dialog closes on success, and says why otherwise. */
export function useSubmission(): Submission {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef(false);
  const run = async (action: () => Promise<unknown>) => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await action();
      return true;
    } catch (error) {
      setFailure(errorMessage(error));
      return false;
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, run };
}
