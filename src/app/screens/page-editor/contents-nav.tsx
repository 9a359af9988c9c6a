import type { HeadingEntry } from './table-of-contents.js';

/** The page's outline beside the editor: each heading is a button that scrolls the editor to it. */
export function TableOfContents({ headings, onJump }: { headings: readonly HeadingEntry[]; onJump(entry: HeadingEntry): void }) {
  return (
    <nav className="app-page-toc" aria-label="Contents">
      <h2>Contents</h2>
      {headings.length === 0 ? (
        <p className="app-page-toc-empty">Headings you add to the page are listed here.</p>
      ) : (
        <ul>
          {headings.map((entry) => (
            <li key={`${entry.level}-${entry.sequence}`} data-level={entry.level}>
              <button type="button" onClick={() => onJump(entry)}>
                {entry.text.trim() || `Heading ${entry.level}`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
