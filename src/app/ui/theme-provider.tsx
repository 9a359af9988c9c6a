import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useApi } from '../api/api-context.js';
import { queryKeys } from '../api/query-keys.js';
import { DARK_COLOURS, LIGHT_COLOURS, themeCss } from './theme.css.js';
import { applyCustomTheme, clearCustomTheme, storedThemeMode, storeThemeMode, withContrast, type ThemeMode } from './theme.js';
import { useStyles } from './styles.js';

/** The theme as components need it. */
export interface ThemeState {
  /** What the user chose. */
  mode: ThemeMode;
  /** The colours in use now: light or dark (empty-state illustrations pick their variant from it). */
  resolved: 'light' | 'dark';
  setMode(mode: ThemeMode): void;
}

const ThemeContext = createContext<ThemeState | null>(null);

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function useSystemDark(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = darkQuery();
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => darkQuery().matches,
  );
}

/**
 * Injects the app's theme stylesheet and keeps :root in the chosen mode: data-theme for light
 * and dark, nothing for the system's choice, and for "custom" the signed-in user's theme from
 * the server (GET /api/users/me/theme) set on the `--app-*` properties.
 */
export function ThemeProvider({ children, initialMode }: { children: ReactNode; initialMode?: ThemeMode }) {
  useStyles('app-theme', themeCss);
  const api = useApi();
  const [mode, setModeState] = useState<ThemeMode>(() => initialMode ?? storedThemeMode());
  const systemDark = useSystemDark();
  const custom = useQuery({ queryKey: queryKeys.theme(), queryFn: () => api.users.theme(), enabled: mode === 'custom', retry: false });
  const customTheme = mode === 'custom' ? custom.data : undefined;

  useEffect(() => {
    const root = document.documentElement;
    if (customTheme) {
      applyCustomTheme(customTheme, root);
    } else {
      clearCustomTheme(root);
      if (mode === 'light' || mode === 'dark') root.dataset.theme = mode;
      else delete root.dataset.theme;
    }
  }, [mode, customTheme]);

  const value = useMemo<ThemeState>(() => {
    const resolved = customTheme ? (customTheme.darkPalette ? 'dark' : 'light') : mode === 'light' || mode === 'dark' ? mode : systemDark ? 'dark' : 'light';
    return {
      mode,
      resolved,
      setMode(next) {
        storeThemeMode(next);
        setModeState(next);
      },
    };
  }, [mode, customTheme, systemDark]);

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** The current theme (light when no ThemeProvider is above, as in isolated component tests). */
export function useTheme(): ThemeState {
  return useContext(ThemeContext) ?? { mode: 'system', resolved: 'light', setMode: () => {} };
}

/**
 * A colour chosen by people (a state's, a label's) as it is drawn on the app's background in the
 * current theme: at least 3:1 against it (withContrast), so a dark grey state still shows in the
 * dark theme. A custom theme's background is the one set on :root.
 */
export function useVisibleColour(colour: string): string {
  const { resolved } = useTheme();
  const custom = typeof document === 'undefined' ? '' : document.documentElement.style.getPropertyValue('--app-bg').trim();
  return withContrast(colour, custom || (resolved === 'dark' ? DARK_COLOURS : LIGHT_COLOURS)['--app-bg']);
}
