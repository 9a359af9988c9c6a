import type { DisplayUser } from '../api/types.js';
import { useStyles } from './styles.js';

/** An avatar's size: `small` in rows, cards and chips, `medium` in pickers and presence, `large` on a profile. */
export type AvatarSize = 'small' | 'medium' | 'large';

/** Styles of every avatar in the app: one look for a person everywhere. */
export const avatarCss = `
.app-avatar {
  display: inline-grid; place-items: center; flex: none; width: 20px; height: 20px; border-radius: 50%; overflow: hidden;
  font-size: 9px; font-weight: 700; line-height: 1; background: var(--app-primary); color: var(--app-primary-text);
}
.app-avatar[data-size="medium"] { width: 24px; height: 24px; font-size: 10px; }
.app-avatar[data-size="large"] { width: 64px; height: 64px; font-size: 24px; }
.app-avatar[data-initials]::before { content: attr(data-initials); }
.app-avatar img { width: 100%; height: 100%; object-fit: cover; }
.app-avatar-group { display: inline-flex; align-items: center; }
.app-avatar-group > .app-avatar + .app-avatar { margin-left: -4px; box-shadow: 0 0 0 2px var(--app-bg); }
`;

/** A person's initials (one or two letters) for an avatar. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? words[words.length - 1]![0] : '')).toUpperCase() || '?';
}

/**
 * A round avatar: the picture when there is one, else the initials, drawn by CSS so that a
 * button's visible words stay its accessible name (WCAG 2.5.3, label in name). Hidden from
 * screen readers: whoever shows one says the person's name in words.
 */
export function Avatar({ name, src, size = 'small' }: { name: string; src?: string | null | undefined; size?: AvatarSize }) {
  useStyles('app-avatar', avatarCss);
  return (
    <span className="app-avatar" aria-hidden="true" data-size={size === 'small' ? undefined : size} data-initials={src ? undefined : initials(name)} title={name}>
      {src ? <img src={src} alt="" /> : null}
    </span>
  );
}

/** Up to `max` people's avatars, overlapping, with their names for screen readers (`label`, when given, before them). */
export function AvatarGroup({ people, max = 3, label }: { people: readonly Pick<DisplayUser, 'id' | 'display_name' | 'avatar'>[]; max?: number; label?: string }) {
  useStyles('app-avatar', avatarCss);
  const hidden = people.length - max;
  return (
    <span className="app-avatar-group">
      <span className="app-visually-hidden">{[label, people.map((person) => person.display_name).join(', ')].filter(Boolean).join(' ')}</span>
      {people.slice(0, max).map((person) => (
        <Avatar key={person.id} name={person.display_name} src={person.avatar} />
      ))}
      {hidden > 0 ? (
        <span className="app-avatar" aria-hidden="true" data-initials={`+${hidden}`} />
      ) : null}
    </span>
  );
}
