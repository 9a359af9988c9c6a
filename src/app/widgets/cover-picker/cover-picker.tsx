import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useStyles } from '../../ui/styles.js';
import { ImageUploader } from '../image-upload/index.js';
import type { UploadImage } from '../image-upload/index.js';
import { coverPickerCss } from './cover-picker.css.js';
import type { ListCovers, SearchUnsplash } from './cover-sources.js';
import { CoversTab } from './covers-tab.js';
import { UnsplashTab } from './unsplash-tab.js';

/** The props of `<CoverPicker>`. */
export interface CoverPickerProps {
  searchUnsplash: SearchUnsplash;
  listCovers: ListCovers;
  upload: UploadImage;
  /** The server's upload limit in bytes (5 MB when left out). */
  maxSize?: number | null;
  /** Receives the chosen cover's URL: an Unsplash image's regular size, a project cover, or an uploaded image. */
  onSelect: (url: string) => void;
  /** The current cover, marked as pressed when it is in a grid. */
  value?: string | null;
  /** False when the server has no Unsplash key (the Images tab opens first then). */
  unsplashConfigured?: boolean;
}

/** Choosing a project cover from three sources in tabs: Unsplash search, the product's images, or an upload. */
export function CoverPicker({ searchUnsplash, listCovers, upload, maxSize, onSelect, value, unsplashConfigured = true }: CoverPickerProps) {
  useStyles('cover-picker', coverPickerCss);
  // Kept here so that switching tabs and back keeps the search.
  const [query, setQuery] = useState('');
  return (
    <Tabs.Root className="cover-picker" defaultValue={unsplashConfigured ? 'unsplash' : 'images'}>
      <Tabs.List className="cover-picker__tabs" aria-label="Cover image source">
        <Tabs.Trigger className="cover-picker__tab-button" value="unsplash">
          Unsplash
        </Tabs.Trigger>
        <Tabs.Trigger className="cover-picker__tab-button" value="images">
          Images
        </Tabs.Trigger>
        <Tabs.Trigger className="cover-picker__tab-button" value="upload">
          Upload
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content className="cover-picker__panel" value="unsplash">
        <UnsplashTab search={searchUnsplash} configured={unsplashConfigured} query={query} onQueryChange={setQuery} selected={value} onChoose={onSelect} />
      </Tabs.Content>
      <Tabs.Content className="cover-picker__panel" value="images">
        <CoversTab listCovers={listCovers} selected={value} onChoose={onSelect} />
      </Tabs.Content>
      <Tabs.Content className="cover-picker__panel" value="upload">
        <ImageUploader upload={upload} maxSize={maxSize} onUploaded={onSelect} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
