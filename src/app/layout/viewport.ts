import { useSyncExternalStore } from 'react';

/** Below this width (768 px) the app is laid out for a phone: the sidebar becomes a drawer. */
export const PHONE_MEDIA_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const phoneNow = () => window.matchMedia(PHONE_MEDIA_QUERY).matches;

/** Whether the window is phone-sized now, updated as it is resized or turned. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, phoneNow, () => false);
}
