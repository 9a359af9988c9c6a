import { expect } from '@open-wc/testing';
import { paths } from '../../../src/app/router/paths.js';
import { contrast, withContrast } from '../../../src/app/ui/theme.js';
import { listedIssue, PROJECT_ID } from './fixtures.js';
import { cleanup, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';

/** A computed `rgb(…)` colour as #rrggbb. */
function hex(rgb: string): string {
  const parts = rgb.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((part) => Math.round(Number(part)));
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

/** The colour drawn behind `element`: the first ancestor's background that is not transparent. */
function backgroundOf(element: Element): string {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const colour = getComputedStyle(node).backgroundColor;
    if (!/rgba\(.*,\s*0\)$/.test(colour) && colour !== 'transparent') return hex(colour);
  }
  return hex(getComputedStyle(document.body).backgroundColor);
}

// The default states' colours (src/server/projects/default-states.ts), dark grey "Todo" among them,
// and labels and people as a team makes them.
const issues = () => [
  listedIssue(5, { state__group: 'unstarted', state__name: 'Todo', state__color: '#3A3A3A', priority: 'urgent', labels: [{ id: 'l1', name: 'Infra', color: '#1f2937' }] }),
  listedIssue(4, { state__group: 'backlog', state__name: 'Backlog', state__color: '#A3A3A3', priority: 'high' }),
  listedIssue(3, { state__group: 'started', state__name: 'In Progress', state__color: '#F59E0B', priority: 'medium' }),
  listedIssue(2, { state__group: 'completed', state__name: 'Done', state__color: '#16A34A', priority: 'low', assignees: [{ id: 'u1', display_name: 'Ada Lovelace', first_name: 'Ada', is_bot: false, avatar: null }], assignee_ids: ['u1'] }),
  listedIssue(1, { state__group: 'cancelled', state__name: 'Cancelled', state__color: '#EF4444', priority: 'none' }),
];

describe('marks that are not text keep 3:1 against the background', () => {
  afterEach(cleanup);

  it('mixes a colour toward white on dark and toward black on light only as far as needed', () => {
    expect(withContrast('#16a34a', '#0d101b')).to.equal('#16a34a');
    const lifted = withContrast('#3a3a3a', '#0d101b');
    expect(contrast(lifted, '#0d101b')).to.be.at.least(3);
    expect(contrast(withContrast('#3a3a3a', '#0d101b', 3), '#0d101b')).to.be.below(4.5);
    expect(contrast(withContrast('#fde68a', '#ffffff'), '#ffffff')).to.be.at.least(3);
    expect(withContrast('not a colour', '#ffffff')).to.equal('not a colour');
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`state icons, state and label dots, priority icons and avatars in the ${theme} theme`, async () => {
      const { api } = seededApi((scene) => (scene.issues = issues()));
      const app = renderApp(`${paths.projectIssues('acme', PROJECT_ID)}?layout=list`, { api, themeMode: theme });
      await until(() => app.container.querySelectorAll('.app-issue-row').length === 5, 'the issues');
      const background = backgroundOf(app.container.querySelector('.app-issue-list')!);
      const marks: [string, string][] = [
        ...[...app.container.querySelectorAll<SVGElement>('.app-issue-row .app-state-icon svg')].map((svg) => [`state ${svg.closest('[aria-label]')!.getAttribute('aria-label')}`, hex(getComputedStyle(svg).stroke)] as [string, string]),
        ...[...app.container.querySelectorAll<HTMLElement>('.app-issue-row .app-state-dot')].map((dot) => ['dot', hex(getComputedStyle(dot).backgroundColor)] as [string, string]),
        ...[...app.container.querySelectorAll<SVGElement>('.app-issue-row svg.app-priority-glyph')].map((svg) => [`priority ${svg.dataset.priority}`, hex(getComputedStyle(svg).color)] as [string, string]),
        ...[...app.container.querySelectorAll<HTMLElement>('.app-issue-row .app-avatar')].map((avatar) => ['avatar', hex(getComputedStyle(avatar).backgroundColor)] as [string, string]),
      ];
      expect(marks.filter(([what]) => what.startsWith('state')).length).to.equal(5);
      expect(marks.some(([what]) => what === 'avatar')).to.equal(true);
      expect(marks.some(([what]) => what === 'priority urgent')).to.equal(true);
      for (const [what, colour] of marks) expect(contrast(colour, background), `${what} ${colour} on ${background}`).to.be.at.least(3);
    });
  }
});
