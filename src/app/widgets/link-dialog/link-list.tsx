import { Copy, Pencil } from 'lucide-react';
import { useId } from 'react';
import { Icon } from '../../ui/icon.js';
import { useStyles } from '../../ui/styles.js';
import { linkDialogCss } from './link-dialog.css.js';
import { CANNOT_EDIT_LINKS, LINK_FAILED, type IssueLink } from './link-fields.js';

/** A toast for the app shell to show; `title` is "Success!" or "Error!" as the spec says. */
export interface LinkToast {
  type: 'success' | 'error';
  title: string;
  message: string;
}

/** Props of {@link LinkList}. */
export interface LinkListProps {
  links: IssueLink[];
  /** Shows a toast (the app shell maps it to its toasts). */
  notify(toast: LinkToast): void;
  /** Whether the user may edit links (guests and viewers may not). */
  canEdit: boolean;
  /** Opens a link for editing (the edit action shows only when given). */
  onEdit?(link: IssueLink): void;
}

/** The toast after a link's URL was copied. */
export const COPIED_TOAST: LinkToast = { type: 'success', title: 'Success!', message: 'Copied to clipboard' };

/** The toast when the clipboard refused the URL. */
export const COPY_FAILED_TOAST: LinkToast = { type: 'error', title: 'Error!', message: LINK_FAILED };

/** Only http(s) addresses become clickable: anything else stored is shown as text. */
function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

async function copy(url: string): Promise<void> {
  // navigator.clipboard is missing outside secure contexts; that is a failed copy too.
  if (!navigator.clipboard) throw new Error('The clipboard is not available.');
  await navigator.clipboard.writeText(url);
}

/** An issue's links: each opens in a new tab, can be copied, and (for members) edited. */
export function LinkList({ links, notify, canEdit, onEdit }: LinkListProps) {
  useStyles('link-dialog', linkDialogCss);
  const noteId = `${useId()}-note`;
  if (!links.length) return null;
  const copyLink = (link: IssueLink) =>
    copy(link.url).then(
      () => notify(COPIED_TOAST),
      () => notify(COPY_FAILED_TOAST),
    );
  return (
    <div className="ld-links">
      {onEdit && !canEdit && (
        <p id={noteId} className="ld-note">
          {CANNOT_EDIT_LINKS}
        </p>
      )}
      <ul className="ld-list">
        {links.map((link) => {
          const name = link.title || link.url;
          return (
            <li key={link.id} className="ld-link">
              {isWebAddress(link.url) ? (
                <a className="ld-anchor" href={link.url} target="_blank" rel="noopener noreferrer" title={link.url}>
                  {name}
                </a>
              ) : (
                <span className="ld-anchor">{name}</span>
              )}
              <button type="button" className="ld-button ld-small" aria-label={`Copy link ${name}`} onClick={() => void copyLink(link)}>
                <Icon icon={Copy} size="small" />
                Copy
              </button>
              {onEdit && (
                <button
                  type="button"
                  className="ld-button ld-small"
                  aria-label={`Edit link ${name}`}
                  disabled={!canEdit}
                  aria-describedby={canEdit ? undefined : noteId}
                  onClick={() => onEdit(link)}
                >
                  <Icon icon={Pencil} size="small" />
                  Edit
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
