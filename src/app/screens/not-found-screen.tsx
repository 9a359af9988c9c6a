import { Link } from 'react-router';
import { useDocumentTitle } from '../ui/document-title.js';
import { useStyles } from '../ui/styles.js';
import { layoutCss } from '../layout/layout.css.js';
import { paths } from '../router/paths.js';

/** The screen of an address that leads nowhere (or to something the user cannot open). */
export function NotFoundScreen({ embedded = false }: { embedded?: boolean }) {
  useStyles('app-layout', layoutCss);
  useDocumentTitle('Page not found');
  const body = (
    <>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist, or you do not have access to it.</p>
      <Link to={paths.root()}>Go to the home page</Link>
    </>
  );
  // Inside a workspace the layout already has its <main>.
  return embedded ? <div className="app-full-page">{body}</div> : <main className="app-full-page">{body}</main>;
}
