import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { Api } from '../../src/app/api/index.js';
import { ApiProvider } from '../../src/app/api/api-context.js';
import {
  EMPTY_STATES,
  EMPTY_STATE_KEYS,
  EmptyState,
  svgDataUri,
  type EmptyStateActionKey,
  type EmptyStateKey,
  type EmptyStateProps,
} from '../../src/app/empty-states/index.js';
import { Role } from '../../src/app/roles.js';
import { themeCss } from '../../src/app/ui/theme.css.js';
import { ThemeProvider } from '../../src/app/ui/theme-provider.js';
import { centre, expectAccessible } from '../helpers/element-ui.js';

/** The empty states the spec's section 2 lists, each with the catalogue key it has. */
const REQUIRED_KEYS: EmptyStateKey[] = [
  'dashboard', 'analytics', 'projects', 'all-issues', 'assigned', 'created', 'subscribed', 'custom-view', 'no-projects',
  'settings-api-tokens', 'settings-webhooks', 'settings-export', 'settings-import',
  'profile-summary', 'profile-assigned', 'profile-created', 'profile-subscribed', 'profile-activity',
  'project-settings-labels', 'project-settings-integrations', 'project-settings-estimates',
  'cycles', 'modules', 'views',
  'pages-private', 'pages-public', 'pages-archived',
  'drafts', 'archived-issues',
  'inbox-open', 'inbox-closed',
  'notifications-my-issues', 'notifications-created', 'notifications-subscribed', 'notifications-unread', 'notifications-snoozed', 'notifications-archived',
  'active-cycle-progress', 'active-cycle-chart', 'active-cycle-priority', 'active-cycle-assignees', 'active-cycle-labels',
  'disabled-inbox', 'disabled-cycles', 'disabled-modules', 'disabled-pages', 'disabled-views',
];
const DISABLED_FEATURES: EmptyStateKey[] = ['disabled-inbox', 'disabled-cycles', 'disabled-modules', 'disabled-pages', 'disabled-views'];
const WITH_ACTIONS = EMPTY_STATE_KEYS.filter((key) => EMPTY_STATES[key].actions.length > 0);

describe('empty-state catalogue', () => {
  it('has every empty state of the spec, and nothing unexpected', () => {
    expect([...EMPTY_STATE_KEYS].sort()).to.deep.equal([...REQUIRED_KEYS].sort());
    for (const key of EMPTY_STATE_KEYS) {
      const entry = EMPTY_STATES[key];
      expect(entry.key).to.equal(key);
      expect(entry.title.trim(), key).to.not.equal('');
      expect(entry.description.trim(), key).to.not.equal('');
    }
  });

  it('needs Member to create things and Admin to manage features and connect services', () => {
    for (const key of EMPTY_STATE_KEYS) {
      for (const action of EMPTY_STATES[key].actions) {
        if (action.key === 'manage-features') {
          expect(action.minRole, key).to.equal(20);
          expect(action.label).to.equal('Manage features');
        } else if (action.key === 'connect-github') {
          // Connecting a service is a project setting: project admins.
          expect(action.minRole, key).to.equal(20);
        } else {
          // Importing issues creates them too.
          expect(action.key.startsWith('create-') || action.key === 'import-issues', `${key} ${action.key}`).to.equal(true);
          expect(action.minRole, `${key} ${action.key}`).to.equal(15);
        }
      }
    }
    for (const key of DISABLED_FEATURES) expect(EMPTY_STATES[key].actions.map((action) => action.key)).to.deep.equal(['manage-features']);
  });

  it('draws small, decorative SVG illustrations without text, different in light and dark', () => {
    const parser = new DOMParser();
    for (const key of EMPTY_STATE_KEYS) {
      const { light, dark } = EMPTY_STATES[key].illustration;
      expect(light, key).to.not.equal(dark);
      for (const svg of [light, dark]) {
        const doc = parser.parseFromString(svg, 'image/svg+xml');
        expect(doc.querySelector('parsererror'), key).to.equal(null);
        expect(doc.documentElement.localName).to.equal('svg');
        expect(doc.querySelectorAll('text, foreignObject, script, image').length, key).to.equal(0);
        expect(svg.length, key).to.be.below(4000);
      }
    }
  });
});

describe('<EmptyState>', () => {
  let host: HTMLDivElement;
  let root: Root;
  let actions: EmptyStateActionKey[];

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    actions = [];
  });
  afterEach(() => {
    root.unmount();
    host.remove();
    delete document.documentElement.dataset.theme;
  });

  function show(props: Partial<EmptyStateProps> & { type: EmptyStateKey }): void {
    flushSync(() => root.render(<EmptyState role={Role.Admin} onAction={(key) => actions.push(key)} {...props} />));
  }
  const art = () => host.querySelector('img')!;
  const buttons = () => [...host.querySelectorAll('button')];

  for (const key of EMPTY_STATE_KEYS) {
    it(`renders "${key}" with its light and dark illustration`, () => {
      const entry = EMPTY_STATES[key];
      show({ type: key, theme: 'light' });
      const section = host.querySelector('section')!;
      const heading = section.querySelector('h2')!;
      expect(heading.textContent).to.equal(entry.title);
      expect(section.getAttribute('aria-labelledby')).to.equal(heading.id);
      expect(section.querySelector('p')!.textContent).to.equal(entry.description);
      expect(art().getAttribute('src')).to.equal(svgDataUri(entry.illustration.light));
      expect(art().getAttribute('alt')).to.equal('');
      expect(art().getAttribute('aria-hidden')).to.equal('true');
      expect(buttons().map((button) => button.textContent)).to.deep.equal(entry.actions.map((action) => action.label));
      show({ type: key, theme: 'dark' });
      expect(art().getAttribute('src')).to.equal(svgDataUri(entry.illustration.dark));
    });
  }

  it('loads both illustrations as images', async () => {
    // Drawn 200 × 140. WebKit gives an SVG image's natural size as laid out once the page
    // has laid it out (240 × 168 at 15rem wide), so its proportions are what is checked.
    const expectIllustration = (img: HTMLImageElement) => {
      expect(img.naturalWidth).to.be.above(0);
      expect(img.naturalWidth / img.naturalHeight).to.be.closeTo(200 / 140, 0.01);
    };
    show({ type: 'cycles', theme: 'light' });
    await art().decode();
    expectIllustration(art());
    show({ type: 'cycles', theme: 'dark' });
    await art().decode();
    expectIllustration(art());
  });

  it('follows the app theme when no theme is given', () => {
    show({ type: 'views' });
    expect(art().getAttribute('src')).to.equal(svgDataUri(EMPTY_STATES.views.illustration.light));
    flushSync(() =>
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <ApiProvider api={{} as Api}>
            <ThemeProvider initialMode="dark">
              <EmptyState type="views" role={Role.Member} />
            </ThemeProvider>
          </ApiProvider>
        </QueryClientProvider>,
      ),
    );
    expect(art().getAttribute('src')).to.equal(svgDataUri(EMPTY_STATES.views.illustration.dark));
  });

  for (const key of WITH_ACTIONS) {
    it(`disables the actions of "${key}" below their role and enables them at it`, async () => {
      const entry = EMPTY_STATES[key];
      const minRole = Math.max(...entry.actions.map((action) => action.minRole));
      for (const role of [null, Role.Guest, Role.Viewer, Role.Member, Role.Admin]) {
        actions = [];
        show({ type: key, role, theme: 'light' });
        for (const [index, action] of entry.actions.entries()) {
          const button = buttons()[index];
          const allowed = role !== null && role >= action.minRole;
          expect(button.getAttribute('aria-disabled'), `${key} ${action.key} at ${role}`).to.equal(allowed ? null : 'true');
          if (allowed) {
            expect(button.hasAttribute('aria-describedby')).to.equal(false);
          } else {
            const reason = document.getElementById(button.getAttribute('aria-describedby')!)!;
            expect(reason.textContent).to.equal(action.minRole === 20 ? 'Only admins can do this.' : 'Only members and admins can do this.');
            expect(button.title).to.equal(reason.textContent);
          }
          await sendMouse({ type: 'click', position: centre(button) });
          expect(actions, `${key} ${action.key} at ${role}`).to.deep.equal(allowed ? [action.key] : []);
          actions = [];
        }
        if (role !== null && role < minRole) expect(host.textContent).to.contain('can do this.');
      }
    });
  }

  it('takes actions from the keyboard, and a disabled one stays focusable with its reason', async () => {
    show({ type: 'disabled-cycles', role: Role.Member, theme: 'light' });
    buttons()[0].focus();
    expect(document.activeElement === buttons()[0]).to.equal(true);
    await sendKeys({ press: 'Enter' });
    expect(actions).to.deep.equal([]);
    show({ type: 'disabled-cycles', role: Role.Admin, theme: 'light' });
    buttons()[0].focus();
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: ' ' });
    expect(actions).to.deep.equal(['manage-features', 'manage-features']);
  });

  it('can use a third-level heading', () => {
    show({ type: 'drafts', headingLevel: 3 });
    expect(host.querySelector('h3')!.textContent).to.equal(EMPTY_STATES.drafts.title);
  });

  describe('accessibility', () => {
    let style: HTMLStyleElement;
    before(() => {
      style = document.createElement('style');
      style.textContent = themeCss;
      document.head.appendChild(style);
    });
    after(() => style.remove());

    for (const theme of ['light', 'dark'] as const) {
      it(`passes axe for every entry in the ${theme} theme, with actions enabled and disabled`, async () => {
        document.documentElement.dataset.theme = theme;
        for (const key of EMPTY_STATE_KEYS) {
          for (const role of [Role.Admin, Role.Guest]) {
            show({ type: key, role, theme });
            await expectAccessible(host);
          }
        }
      });
    }
  });
});
