import { useId } from 'react';
import { can, Role } from '../roles.js';
import { useTheme } from '../ui/theme-provider.js';
import { useStyles } from '../ui/styles.js';
import { EMPTY_STATES, type EmptyStateActionKey, type EmptyStateKey } from './catalogue.js';
import { emptyStateCss } from './empty-state.css.js';
import { svgDataUri, type ColourScheme } from './illustrations.js';

/** The props of `<EmptyState>`. */
export interface EmptyStateProps {
  /** Which empty state of the catalogue to show. */
  type: EmptyStateKey;
  /** The viewer's role in the scope of the screen (workspace or project); none means no action is allowed. */
  role: number | null | undefined;
  /** Picks the illustration; the app theme's resolved colours when left out. */
  theme?: ColourScheme;
  /** Called with the action's key when an allowed button is pressed. */
  onAction?: (action: EmptyStateActionKey) => void;
  /** The title's heading level (2 by default). */
  headingLevel?: 2 | 3;
  /** The reader sees only part of the workspace (the projects they are in): the entry's words for that, where it has them. */
  limited?: boolean;
}

/** Why a button needing `minRole` is unavailable. */
export function disabledReason(minRole: number): string {
  return minRole >= Role.Admin ? 'Only admins can do this.' : 'Only members and admins can do this.';
}

/** An empty state from the catalogue: illustration for the current theme, title, description (those for a limited reader when said) and the buttons the role allows. */
export function EmptyState({ type, role, theme, onAction, headingLevel = 2, limited = false }: EmptyStateProps) {
  useStyles('empty-state', emptyStateCss);
  const appTheme = useTheme();
  const scheme = theme ?? appTheme.resolved;
  const entry = EMPTY_STATES[type];
  const words = (limited && entry.limited) || entry;
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  // One explanation per distinct role requirement, shared by the buttons that need it.
  const missingRoles = [...new Set(entry.actions.filter((action) => !can(role, action.minRole)).map((action) => action.minRole))];
  const reasonId = (minRole: number) => `${id}-reason-${minRole}`;

  return (
    <section className="empty-state" aria-labelledby={`${id}-title`} data-empty-state={type}>
      <img className="empty-state__art" src={svgDataUri(entry.illustration[scheme])} alt="" aria-hidden="true" data-scheme={scheme} />
      <Heading id={`${id}-title`} className="empty-state__title">
        {words.title}
      </Heading>
      <p className="empty-state__description">{words.description}</p>
      {entry.actions.length > 0 && (
        <div className="empty-state__actions">
          {entry.actions.map((action, index) => {
            const allowed = can(role, action.minRole);
            return (
              <button
                key={action.key}
                type="button"
                className={`empty-state__button${index === 0 ? ' empty-state__button--primary' : ''}`}
                // aria-disabled rather than disabled: the button stays focusable, so its reason can be reached and read.
                aria-disabled={allowed ? undefined : true}
                aria-describedby={allowed ? undefined : reasonId(action.minRole)}
                title={allowed ? undefined : disabledReason(action.minRole)}
                onClick={() => {
                  if (allowed) onAction?.(action.key);
                }}
              >
                {action.label}
              </button>
            );
          })}
        </div>
      )}
      {missingRoles.map((minRole) => (
        <p key={minRole} id={reasonId(minRole)} className="empty-state__reason">
          {disabledReason(minRole)}
        </p>
      ))}
    </section>
  );
}
