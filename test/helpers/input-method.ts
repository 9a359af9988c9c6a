import { executeServerCommand } from '@web/test-runner-commands';

/** A step of writing through an input method: the text being composed (caret at its end), or the text committed. */
export type CompositionStep = { compose: string } | { commit: string };

/**
 * Writes at the caret through an input method, as a Japanese, Chinese or Korean keyboard does
 * (scripts/wtr-input.mjs): the page gets the composition events and input of each step. Chromium only.
 */
export async function inputMethod(...steps: CompositionStep[]): Promise<void> {
  await executeServerCommand('input-method', { steps });
}
