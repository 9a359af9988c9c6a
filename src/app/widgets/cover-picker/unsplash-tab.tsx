import { useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '../../ui/debounce.js';
import { requestErrorText, type SearchUnsplash, type UnsplashImage } from './cover-sources.js';
import { ImageGrid } from './image-grid.js';

/** Where the search stands; while one runs, the last answer's images stay in the grid (`previous`) until the new one comes. */
type Search = { status: 'idle' } | { status: 'loading'; previous?: UnsplashImage[] } | { status: 'done'; images: UnsplashImage[] } | { status: 'error'; message: string };

/** The props of `<UnsplashTab>`. */
export interface UnsplashTabProps {
  search: SearchUnsplash;
  /** False when the server has no Unsplash key: the tab says so instead of searching. */
  configured: boolean;
  query: string;
  onQueryChange: (query: string) => void;
  selected?: string | null;
  onChoose: (url: string) => void;
}

/** Debounced Unsplash search with its results grid, and its idle, loading, empty, failed and unconfigured states. */
export function UnsplashTab({ search, configured, query, onQueryChange, selected, onChoose }: UnsplashTabProps) {
  const inputId = useId();
  const debounced = useDebouncedValue(query.trim());
  const [result, setResult] = useState<Search>({ status: 'idle' });
  // The host may pass a new function each render; only the query should start a search.
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (!configured || !debounced) {
      setResult({ status: 'idle' });
      return;
    }
    let current = true;
    setResult((last) => ({ status: 'loading', previous: last.status === 'done' ? last.images : last.status === 'loading' ? last.previous : undefined }));
    searchRef.current(debounced).then(
      (images) => current && setResult({ status: 'done', images }),
      (error) => current && setResult({ status: 'error', message: requestErrorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [debounced, configured]);

  // The grid of the answer, or of the last answer while the next search runs (no flash under the pointer).
  const shown = result.status === 'done' ? result.images : result.status === 'loading' ? result.previous : undefined;
  if (!configured) {
    return <p className="cover-picker__message">Unsplash search is not set up on this server. Choose one of the images or upload your own.</p>;
  }
  return (
    <div className="cover-picker__tab">
      <label className="cover-picker__label" htmlFor={inputId}>
        Search Unsplash
      </label>
      <input
        id={inputId}
        type="search"
        className="cover-picker__search"
        value={query}
        placeholder="Search for images"
        autoComplete="off"
        onChange={(event) => onQueryChange(event.target.value)}
      />
      {result.status === 'idle' && <p className="cover-picker__message">Type a word to search Unsplash for a cover image.</p>}
      {result.status === 'loading' && (
        <p role="status" className="cover-picker__message">
          Searching Unsplash...
        </p>
      )}
      {result.status === 'error' && (
        <p role="alert" className="cover-picker__error">
          {result.message}
        </p>
      )}
      {result.status === 'done' && result.images.length === 0 && (
        <p role="status" className="cover-picker__message">
          No images found for “{debounced}”.
        </p>
      )}
      {shown && shown.length > 0 && (
        <ImageGrid
          label="Unsplash images"
          selected={selected}
          onChoose={onChoose}
          images={shown.map((image, index) => ({
            id: image.id,
            src: image.urls.small,
            alt: image.alt_description?.trim() || `Unsplash image ${index + 1}`,
            value: image.urls.regular,
          }))}
        />
      )}
    </div>
  );
}
