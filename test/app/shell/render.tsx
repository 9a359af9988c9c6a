// Renders app screens for tests: the real providers over a fake API, a MemoryRouter (or the
// app's own route table in a memory router), and small helpers to wait and to find things.
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, MemoryRouter, Route, Routes, useLocation, type RouteObject } from 'react-router';
import { createApi } from '../../../src/app/api/index.js';
import { createApiClient } from '../../../src/app/api/client.js';
import { queryKeys } from '../../../src/app/api/query-keys.js';
import type { User } from '../../../src/app/api/types.js';
import { AppProviders } from '../../../src/app/app-providers.js';
import { AppRouter } from '../../../src/app/router/app-router.js';
import { appRoutes } from '../../../src/app/router/routes.js';
import type { ThemeMode } from '../../../src/app/ui/theme.js';
import { until } from '../../helpers/until.js';
import { FakeApi, reply } from './fake-api.js';
import { restoreClock } from './timing.js';
import { PAGE_HOOK } from '../../setup/file-group.js';

/** Loads the code of every screen the router loads on demand (each route's `lazy`), once. */
async function loadScreens(routes: readonly RouteObject[] = appRoutes): Promise<void> {
  await Promise.all(routes.map(async (route) => Promise.all([typeof route.lazy === 'function' ? route.lazy() : null, loadScreens(route.children ?? [])])));
}

// Before a page's tests (a root hook of each test page that renders the app, for every file
// on it: test/setup/file-group.ts): the screens' code loads once, so a test's waits for what a
// screen shows never include fetching and compiling it, which on a busy machine took longer than
// a wait for the screen should allow.
before(`${PAGE_HOOK}the screens' code loaded`, async function () {
  this.timeout(120_000);
  await loadScreens();
});

// After each test: what it left in the browser's storage (a layout, a hidden sidebar) is gone,
// so the next test starts as a first visit. (Files running side by side have their own storage:
// web-test-runner.config.mjs.)
afterEach(`${PAGE_HOOK}storage cleared`, () => localStorage.clear());

/** Shows the router's current address, so tests can check where a screen navigated. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

/** One rendered app in a test, and its parts. */
export interface Rendered {
  container: HTMLElement;
  api: FakeApi;
  queryClient: QueryClient;
  /** The router's current path and query. */
  location(): string;
  unmount(): void;
}

interface RenderOptions {
  api?: FakeApi;
  /** The theme mode (light unless said). */
  themeMode?: ThemeMode;
  /** Signed in as this user (null: signed out; undefined: the answer of GET /users/me decides). */
  user?: User | null;
  /** renderApp's route table (the app's unless said; see {@link withHeldScreen}). */
  routes?: RouteObject[];
  /** The wall clock calendar days are read from ({@link TEST_TODAY} at noon unless said). */
  now?: () => Date;
}

/** The day the app's tests run on, whatever the real date: an issue's target day before it is overdue (fixtures' days stay on the same side of it). */
export const TEST_TODAY = '2026-06-15';
const testNow = () => new Date(`${TEST_TODAY}T12:00:00`);

const mounted: Rendered[] = [];

/** Unmounts everything rendered by the current test, then puts back a clock it faked (call in afterEach). */
export function cleanup(): void {
  for (const rendered of mounted.splice(0)) rendered.unmount();
  restoreClock();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('style');
}

function mount(element: (parts: { queryClient: QueryClient; api: FakeApi }) => ReactElement, options: RenderOptions): Rendered {
  const fake = options.api ?? new FakeApi();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  if (options.user !== undefined) queryClient.setQueryData(queryKeys.me(), options.user);
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root: Root = createRoot(container);
  const api = createApi(createApiClient({ fetch: fake.fetch, WebSocket: fake.collab.WebSocket, EventSource: fake.live.EventSource as unknown as typeof EventSource }));
  flushSync(() =>
    root.render(
      <AppProviders api={api} queryClient={queryClient} themeMode={options.themeMode ?? 'light'} now={options.now ?? testNow}>
        {element({ queryClient, api: fake })}
      </AppProviders>,
    ),
  );
  const rendered: Rendered = {
    container,
    api: fake,
    queryClient,
    location: () => document.querySelector('[data-testid="location"]')?.textContent ?? '',
    unmount: () => {
      root.unmount();
      container.remove();
      queryClient.clear();
      void fake.collab.close();
    },
  };
  mounted.push(rendered);
  return rendered;
}

/** Renders `element` at route `pattern`, visited at `url`, in a MemoryRouter. */
export function renderScreen(pattern: string, element: ReactElement, url: string, options: RenderOptions = {}): Rendered {
  return mount(
    () => (
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    ),
    options,
  );
}

/** Renders the app's whole route table in a memory router at `url`. */
export function renderApp(url: string, options: RenderOptions = {}): Rendered & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [url] });
  const rendered = mount(() => <AppRouter router={router} />, options);
  return { ...rendered, router, location: () => `${router.state.location.pathname}${router.state.location.search}` };
}

/**
 * The app's routes with the screen of the route whose own path is `path` (e.g. "notifications")
 * loading until `release()`: a navigation there stays on its way, as on a slow network.
 */
export function withHeldScreen(path: string): { routes: RouteObject[]; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const { lazy } = route;
      const children = route.children ? { children: hold(route.children) } : {};
      if (route.path !== path || typeof lazy !== 'function') return { ...route, ...children } as RouteObject;
      return { ...route, ...children, lazy: async () => (await held, lazy()) } as RouteObject;
    });
  return { routes: hold(appRoutes), release };
}

/** The element matching `selector` whose text contains `text`, or null. */
export function byText(root: ParentNode, selector: string, text: string | RegExp): HTMLElement | null {
  const matches = (value: string) => (typeof text === 'string' ? value.includes(text) : text.test(value));
  return ([...root.querySelectorAll<HTMLElement>(selector)].find((element) => matches(element.textContent ?? '')) ?? null);
}

/** The button whose text (or aria-label) is `name`. */
export function button(root: ParentNode, name: string): HTMLButtonElement | null {
  return ([...root.querySelectorAll<HTMLButtonElement>('button')].find(
    (element) => element.textContent?.trim() === name || element.getAttribute('aria-label') === name,
  ) ?? null);
}

/** The form control labelled `label`. */
export function field<T extends HTMLElement = HTMLInputElement>(root: ParentNode, label: string): T {
  const element = [...root.querySelectorAll('label')].find((candidate) => candidate.textContent?.trim() === label);
  const control = element?.control ?? (element?.htmlFor ? document.getElementById(element.htmlFor) : null);
  if (!control) throw new Error(`No field labelled "${label}"`);
  return control as unknown as T;
}

/**
 * Waits for the layer `find` returns (a dialog, a drawer) and for focus inside it, and resolves with
 * the layer. Its Escape and focus trap are set up with its focus, after it is drawn: a key sent the
 * moment it is visible can reach the page behind it.
 */
export async function untilFocusedIn(find: () => HTMLElement | null, what: string): Promise<HTMLElement> {
  const layer = await until(find, what);
  await until(() => layer.contains(document.activeElement), `focus in ${what}`, { saw: () => document.activeElement });
  return layer;
}

export { FakeApi, reply, until };
