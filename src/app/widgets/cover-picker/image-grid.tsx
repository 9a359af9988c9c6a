import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/** One choosable picture: what to show, its alternative text, and the URL chosen. */
export interface GridImage {
  id: string;
  src: string;
  alt: string;
  value: string;
}

/** The props of `<ImageGrid>`. */
export interface ImageGridProps {
  label: string;
  images: readonly GridImage[];
  selected?: string | null;
  onChoose: (value: string) => void;
}

// Columns come from the layout (the grid reflows with the popup's width): the items on the first row.
function columnCount(buttons: (HTMLButtonElement | null)[]): number {
  const top = buttons[0]?.offsetTop;
  const count = buttons.filter((button) => button && button.offsetTop === top).length;
  return Math.max(1, count);
}

/** A grid of picture buttons with one tab stop: arrow keys move by cell and row, Home and End jump, Enter or Space chooses. */
export function ImageGrid({ label, images, selected, onChoose }: ImageGridProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [active, setActive] = useState(() => Math.max(0, images.findIndex((image) => image.value === selected)));
  useEffect(() => {
    if (active >= images.length) setActive(Math.max(0, images.length - 1));
  }, [images.length, active]);

  const move = (event: KeyboardEvent, index: number) => {
    const columns = columnCount(buttons.current.slice(0, images.length));
    const last = images.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: Math.min(last, index + 1),
      ArrowLeft: Math.max(0, index - 1),
      ArrowDown: index + columns <= last ? index + columns : index,
      ArrowUp: index - columns >= 0 ? index - columns : index,
      Home: 0,
      End: last,
    };
    const next = targets[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  };

  return (
    <ul className="cover-picker__grid" aria-label={label}>
      {images.map((image, index) => (
        <li key={image.id} className="cover-picker__cell">
          <button
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            className="cover-picker__image"
            tabIndex={index === active ? 0 : -1}
            aria-pressed={image.value === selected}
            onFocus={() => setActive(index)}
            onKeyDown={(event) => move(event, index)}
            onClick={() => onChoose(image.value)}
          >
            <img src={image.src} alt={image.alt} loading="lazy" />
          </button>
        </li>
      ))}
    </ul>
  );
}
