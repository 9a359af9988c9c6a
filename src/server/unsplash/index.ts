/** Cover image search through Unsplash. */
export {
  createUnsplashClient,
  UNSPLASH_API_URL,
  UnsplashError,
  type UnsplashClient,
  type UnsplashClientOptions,
  type UnsplashImage,
  type UnsplashSearchOptions,
} from './unsplash-client.js';
