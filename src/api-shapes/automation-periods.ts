// Plain data, no imports: the app loads this module at run time.

/** The months after which an automation acts (0: off), as project settings offer them (Plane's). */
export const AUTOMATION_MONTHS = [0, 1, 3, 6, 9, 12] as const;

/** One of the automation periods. */
export type AutomationMonths = (typeof AUTOMATION_MONTHS)[number];

/** Said when the state to close issues to is not one of the project's cancelled states. */
export const CLOSE_STATE_NOT_CANCELLED = "Choose one of the project's cancelled states to close issues to.";

/** Said when issues are to be closed and the project has no cancelled state to close them to. */
export const NO_CANCELLED_STATE = 'The project has no cancelled state to close issues to: add one in its states first.';
