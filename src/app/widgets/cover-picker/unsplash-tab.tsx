import { useId } from 'react';
import { useDebouncedValue } from '../../ui/debounce.js';
import { shownValue, useAnswer } from '../../ui/use-answer.js';
import { requestErrorText, type SearchUnsplash } from './cover-sources.js';
import { ImageGrid } from './image-grid.js';

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
  // Where the search stands; while one runs, the last answer's images stay in the grid until the new one comes.
  const result = useAnswer(() => search(debounced), configured && debounced ? debounced : null);
  const shown = shownValue(result);
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
          {requestErrorText(result.error)}
        </p>
      )}
      {result.status === 'done' && result.value.length === 0 && (
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
