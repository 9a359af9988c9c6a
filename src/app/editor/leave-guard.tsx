import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { AppDialog } from '../ui/dialog.js';
import { Button } from '../ui/button.js';

/** Navigation state that leaves without saving (e.g. after deleting what was being edited). */
export const DISCARD_EDITS = { discardEdits: true } as const;

const discards = (state: unknown) => typeof state === 'object' && state !== null && (state as { discardEdits?: unknown }).discardEdits === true;

/**
 * Keeps unsaved text from being lost on an in-app navigation: it first saves (`save`); only when
 * that fails (offline, a conflict) does the user choose between staying and leaving without
 * saving. (Before a reload or a closed tab the browser asks: see unload-guard.ts.)
 */
export function LeaveGuard({ unsaved, save, what }: { unsaved: boolean; save(): Promise<boolean>; what: string }) {
  const unsavedNow = useRef(unsaved);
  unsavedNow.current = unsaved;
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => unsavedNow.current && currentLocation.pathname !== nextLocation.pathname && !discards(nextLocation.state),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let current = true;
    void save().then((saved) => {
      if (!current) return;
      if (saved) blocker.proceed();
      else setAsking(true);
    });
    return () => {
      current = false;
    };
    // Once per blocked navigation: the blocker object changes identity on every render. The
    // router's updates render in a transition, so "Stay" then another navigation at once (an
    // end-to-end test, a quick hand) can reach the screen as one blocked state: the blocked
    // location's key tells the second navigation from the first.
  }, [blocker.state, blocker.location?.key]);

  const stay = () => {
    setAsking(false);
    if (blocker.state === 'blocked') blocker.reset();
  };
  const leave = () => {
    setAsking(false);
    if (blocker.state === 'blocked') blocker.proceed();
  };

  return (
    <AppDialog
      open={asking}
      onOpenChange={(open) => {
        if (!open) stay();
      }}
      title="Leave without saving?"
      description={`Your changes to this ${what} could not be saved. If you leave now, they are lost.`}
    >
      <div className="app-dialog-actions">
        <Button onClick={stay}>Stay</Button>
        <Button variant="danger" onClick={leave}>
          Leave without saving
        </Button>
      </div>
    </AppDialog>
  );
}
