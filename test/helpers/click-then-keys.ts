import { executeServerCommand } from '@web/test-runner-commands';

/** A key step: text typed character by character, or one named key pressed. */
export type KeyStep = { type: string } | { press: string };

/**
 * Clicks at `position` (viewport pixels) and then sends `keys` at once, with no round
 * trip to the page in between, as an end-to-end test tool or a fast hand does.
 */
export async function clickThenKeys(position: [number, number], ...keys: KeyStep[]): Promise<void> {
  await executeServerCommand('click-then-keys', { position, keys });
}
