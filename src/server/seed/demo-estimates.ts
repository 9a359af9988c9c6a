/**
 * The demo projects' estimates (beside demo-content.ts, which holds the rest of their content):
 * the website estimates in points, so its cycle and module add them up; the mobile app in
 * categories, so its issues show sizes. Issues are named as in demo-content.ts; the ones left
 * out have no estimate.
 */
import type { EstimateType } from '../../api-shapes/estimate-values.js';

/** A demo project's estimate system and its issues' values. */
export interface DemoEstimate {
  type: EstimateType;
  /** Each issue's value, by the issue's name. */
  issues: Readonly<Record<string, string>>;
}

/** The demo estimates, by project identifier. */
export const DEMO_ESTIMATES: Readonly<Record<string, DemoEstimate>> = {
  WEB: {
    type: 'points',
    issues: {
      'Sign-up form rejects valid e-mail addresses': '3',
      'Pricing page with three plans': '8',
      'Home page loads a 2 MB hero image': '2',
      'Write the getting started guide': '5',
      'Newsletter sign-up in the footer': '1',
      'Accessibility review of the sign-up flow': '5',
      'Fonts flash unstyled on first load': '2',
      'Dark mode for the marketing pages': '13',
    },
  },
  MOB: {
    type: 'categories',
    issues: {
      'App crashes when the camera permission is denied': 'S',
      'Offline mode for the issue list': 'XL',
      'Push notifications for mentions': 'M',
      'Dynamic Type breaks the settings screen': 'S',
      'Reduce the app size below 40 MB': 'L',
    },
  },
};
