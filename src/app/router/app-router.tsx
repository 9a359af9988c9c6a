import { createContext, useContext, useEffect, useEffectEvent } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

const RouterContext = createContext<DataRouter | null>(null);

/**
 * The app's router on the page (the DOM RouterProvider, which can commit a navigation at once),
 * and the router itself for {@link useNavigationStart}.
 */
export function AppRouter({ router }: { router: DataRouter }) {
  return (
    <RouterContext.Provider value={router}>
      <RouterProvider router={router} />
    </RouterContext.Provider>
  );
}

/** The app's router, when the component is drawn by {@link AppRouter} (null under another router). */
export function useAppRouter(): DataRouter | null {
  return useContext(RouterContext);
}

/**
 * Calls `onStart` as each navigation begins: a link, Back or Forward, or the app's own
 * `navigate`. The page a navigation leads to is drawn later, once its screen's code has loaded
 * and in a transition, so what `useLocation` gives changes only when it lands; something that
 * must give way to a navigation (an open drawer) does so as it starts, and is left alone by its
 * landing, which may come after the user opened it again.
 */
export function useNavigationStart(onStart: () => void): void {
  const router = useContext(RouterContext);
  const started = useEffectEvent(onStart);
  useEffect(() => {
    if (!router) return undefined;
    // A navigation's location keeps its key from its start (loading its screen) to its landing.
    let current = router.state.navigation.location?.key ?? router.state.location.key;
    return router.subscribe((state) => {
      const next = state.navigation.location?.key ?? state.location.key;
      if (next === current) return;
      current = next;
      started();
    });
  }, [router]);
}
