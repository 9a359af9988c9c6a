// Plain types, no imports: the app and the server both read them.

/** The user's custom theme (spec section 3), as the theme form sends it and GET/PATCH /users/me/theme answer it. */
export interface Theme {
  theme: 'custom';
  background: string;
  text: string;
  primary: string;
  sidebarBackground: string;
  sidebarText: string;
  darkPalette: boolean;
  /** The five colours above, in that order, joined by commas. */
  palette: string;
}
