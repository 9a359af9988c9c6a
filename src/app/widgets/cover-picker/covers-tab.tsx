import { useAnswer } from '../../ui/use-answer.js';
import { requestErrorText, type ListCovers } from './cover-sources.js';
import { ImageGrid } from './image-grid.js';

/** The props of `<CoversTab>`. */
export interface CoversTabProps {
  listCovers: ListCovers;
  selected?: string | null;
  onChoose: (url: string) => void;
}

/** The product's own project covers as a grid, loaded when the tab opens. */
export function CoversTab({ listCovers, selected, onChoose }: CoversTabProps) {
  const covers = useAnswer(listCovers, 'covers');

  if (covers.status === 'loading' || covers.status === 'idle') {
    return (
      <p role="status" className="cover-picker__message">
        Loading images...
      </p>
    );
  }
  if (covers.status === 'error') {
    return (
      <p role="alert" className="cover-picker__error">
        {requestErrorText(covers.error)}
      </p>
    );
  }
  const urls = covers.value;
  if (urls.length === 0) return <p className="cover-picker__message">No images available.</p>;
  return (
    <ImageGrid
      label="Project covers"
      selected={selected}
      onChoose={onChoose}
      images={urls.map((url, index) => ({ id: url, src: url, alt: `Project cover ${index + 1}`, value: url }))}
    />
  );
}
