import { useEffect, useRef, useState } from 'react';
import { requestErrorText, type ListCovers } from './cover-sources.js';
import { ImageGrid } from './image-grid.js';

type Covers = { status: 'loading' } | { status: 'done'; urls: string[] } | { status: 'error'; message: string };

/** The props of `<CoversTab>`. */
export interface CoversTabProps {
  listCovers: ListCovers;
  selected?: string | null;
  onChoose: (url: string) => void;
}

/** The product's own project covers as a grid, loaded when the tab opens. */
export function CoversTab({ listCovers, selected, onChoose }: CoversTabProps) {
  const [covers, setCovers] = useState<Covers>({ status: 'loading' });
  const list = useRef(listCovers);
  list.current = listCovers;

  useEffect(() => {
    let current = true;
    list.current().then(
      (urls) => current && setCovers({ status: 'done', urls }),
      (error) => current && setCovers({ status: 'error', message: requestErrorText(error) }),
    );
    return () => {
      current = false;
    };
  }, []);

  if (covers.status === 'loading') {
    return (
      <p role="status" className="cover-picker__message">
        Loading images...
      </p>
    );
  }
  if (covers.status === 'error') {
    return (
      <p role="alert" className="cover-picker__error">
        {covers.message}
      </p>
    );
  }
  if (covers.urls.length === 0) return <p className="cover-picker__message">No images available.</p>;
  return (
    <ImageGrid
      label="Project covers"
      selected={selected}
      onChoose={onChoose}
      images={covers.urls.map((url, index) => ({ id: url, src: url, alt: `Project cover ${index + 1}`, value: url }))}
    />
  );
}
