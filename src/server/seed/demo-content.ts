/** The demo workspace's content: people, projects, labels, issues, a cycle, a module and pages. */
import { Role } from '../roles.js';
import { WEBSITE_INTAKE } from './demo-intake.js';
import type { DemoPerson, DemoProject } from './demo-types.js';
import { bullets, code, codeBlock, heading, link, mention, numbered, p, quote, strong, table, tasks, text, type MentionTarget } from './rich-html.js';

export type { DemoComment, DemoDraft, DemoIntake, DemoIssue, DemoPage, DemoPerson, DemoProject, DemoView } from './demo-types.js';

/** The demo workspace (spec: slug acme, name Acme). */
export const DEMO_WORKSPACE = { slug: 'acme', name: 'Acme' } as const;

/** The demo accounts: each role's e-mail, name and role (in the workspace and every project). */
export const DEMO_PEOPLE: ReadonlyArray<{ key: DemoPerson; email: string; firstName: string; lastName: string; role: number }> = [
  { key: 'admin', email: 'admin@acme.test', firstName: 'Avery', lastName: 'Admin', role: Role.Admin },
  { key: 'member', email: 'member@acme.test', firstName: 'Maya', lastName: 'Member', role: Role.Member },
  { key: 'viewer', email: 'viewer@acme.test', firstName: 'Victor', lastName: 'Viewer', role: Role.Viewer },
  { key: 'guest', email: 'guest@acme.test', firstName: 'Grace', lastName: 'Guest', role: Role.Guest },
];


/** The projects, their issues and pages; `people` gives the mention of each demo person. */
export function demoProjects(people: Record<DemoPerson, MentionTarget>): DemoProject[] {
  const maya = mention(people.member);
  const avery = mention(people.admin);
  return [
    {
      identifier: 'WEB',
      name: 'Website',
      description: 'The public website and the sign-up flow.',
      cover: '/api/project-covers/files/aurora.svg',
      labels: [
        { name: 'Bug', color: '#ef4444' },
        { name: 'Feature', color: '#3b82f6' },
        { name: 'Design', color: '#a855f7' },
        { name: 'Performance', color: '#f59e0b' },
        { name: 'Docs', color: '#10b981' },
      ],
      cycle: { name: 'Sprint 12', description: 'Sign-up polish and the pricing page.', startDay: -7, endDay: 7 },
      intake: WEBSITE_INTAKE,
      module: { name: 'Launch', description: 'Everything the public launch needs.', status: 'in-progress', lead: 'member', startDay: -14, targetDay: 30 },
      views: [
        {
          owner: 'member',
          name: 'Urgent and high, by state',
          shared: true,
          query: { filters: { priority: 'urgent,high' }, order: 'priority', group_by: 'state', display: ['priority', 'key', 'assignees', 'target_date'], layout: 'board' },
        },
      ],
      drafts: [
        {
          owner: 'admin',
          name: 'Show a cookie notice only where the law asks for one',
          priority: 'medium',
          labels: ['Design'],
          html: p(text('Visitors from outside the EU should not see the banner. ')) + p(text('Still to check: which analytics need consent.')),
        },
      ],
      issues: [
        {
          name: 'Sign-up form rejects valid e-mail addresses',
          group: 'started',
          priority: 'urgent',
          createdBy: 'admin',
          assignees: ['member'],
          labels: ['Bug'],
          startDay: -3,
          targetDay: 2,
          inCycle: true,
          inModule: true,
          description:
            heading(2, 'What happens') +
            p(text('Addresses with a plus sign, such as '), code('ana+news@example.com'), text(', are refused with "Enter a valid e-mail".')) +
            heading(2, 'Steps to reproduce') +
            numbered(text('Open the sign-up page.'), text('Type an address containing a plus sign.'), text('Press Create account.')) +
            heading(2, 'Where it comes from') +
            p(text('The pattern in the form is too strict:')) +
            codeBlock('typescript', "const EMAIL = /^[a-z0-9.]+@[a-z0-9.]+$/i;\n\nexport function isEmail(value: string): boolean {\n  return EMAIL.test(value);\n}") +
            p(maya, text(' can you take this one? The standard is described in '), link('https://www.rfc-editor.org/rfc/rfc5322', 'RFC 5322'), text('.')),
          links: [{ title: 'RFC 5322', url: 'https://www.rfc-editor.org/rfc/rfc5322' }],
          comments: [
            { by: 'member', html: p(text('Reproduced on every browser. I will switch to the browser\'s own check and keep a length limit.')) },
            { by: 'admin', html: p(text('Thanks! Please add a test with a few unusual but valid addresses.')), reactions: [{ by: 'member', reaction: 'thumbs_up' }] },
          ],
        },
        {
          name: 'Pricing page with three plans',
          group: 'unstarted',
          priority: 'high',
          createdBy: 'admin',
          assignees: ['member', 'admin'],
          labels: ['Feature', 'Design'],
          targetDay: 6,
          inCycle: true,
          cycleDay: -5,
          inModule: true,
          description:
            heading(1, 'Pricing page') +
            p(text('A page that compares our plans side by side. Copy is owned by '), avery, text('.')) +
            table(['Plan', 'Price', 'Seats', 'Support'], ['Free', '$0', 'Up to 5', 'Community'], ['Team', '$8 per seat', 'Unlimited', 'E-mail'], ['Business', '$14 per seat', 'Unlimited', 'Priority']) +
            heading(2, 'To do') +
            tasks([true, text('Agree on the plan names')], [false, text('Design the comparison table')], [false, text('Write the FAQ')]) +
            quote('Keep it short: three plans, one table, no fine print.'),
          links: [{ title: 'Design file', url: 'https://design.example.com/files/pricing' }],
        },
        {
          name: 'Home page loads a 2 MB hero image',
          group: 'completed',
          priority: 'medium',
          createdBy: 'member',
          assignees: ['member'],
          labels: ['Performance'],
          completedDaysAgo: 4,
          inCycle: true,
          description:
            p(text('The hero image is a full-size PNG. Serving it as WebP at two widths brings it under 200 KB.')) +
            bullets(text('Export 1280 and 2560 pixel versions'), text('Use ') + code('srcset') + text(' so phones get the small one')) +
            p(text('Measured with '), link('https://pagespeed.web.dev/', 'PageSpeed Insights'), text(': the score went from 61 to 94.')),
          comments: [{ by: 'admin', html: p(text('Lovely, the page feels instant now.')), reactions: [{ by: 'member', reaction: 'rocket' }] }],
        },
        {
          name: 'Write the getting started guide',
          group: 'started',
          priority: 'medium',
          createdBy: 'admin',
          assignees: ['admin'],
          labels: ['Docs'],
          startDay: -5,
          targetDay: 5,
          inCycle: true,
          inModule: true,
          description:
            heading(2, 'Outline') +
            numbered(text('Create a workspace'), text('Invite your team'), text('Create a project and its first issues'), text('Plan a cycle')) +
            p(text('Screenshots come last, once the pricing page is done. Review by '), maya, text('.')),
        },
        {
          name: 'Cookie banner covers the footer links on small screens',
          group: 'backlog',
          priority: 'low',
          createdBy: 'member',
          assignees: [],
          labels: ['Bug', 'Design'],
          description: p(text('On screens narrower than 400 pixels the banner hides the Privacy and Terms links. It should push the footer up instead of covering it.')),
        },
        {
          name: 'Dark mode for the marketing pages',
          group: 'backlog',
          priority: 'none',
          createdBy: 'admin',
          assignees: [],
          labels: ['Design', 'Feature'],
          description:
            p(text('Follow the visitor\'s system setting. Colours:')) +
            table(['Token', 'Light', 'Dark'], ['Background', '#ffffff', '#0d101b'], ['Text', '#111827', '#c5c5c5'], ['Primary', '#3f76ff', '#3f76ff']),
        },
        {
          name: 'Newsletter sign-up in the footer',
          group: 'completed',
          priority: 'low',
          createdBy: 'member',
          assignees: ['member'],
          labels: ['Feature'],
          completedDaysAgo: 2,
          inCycle: true,
          cycleDay: -4,
          inModule: true,
          description: p(text('A single e-mail field with a confirmation message. Sends to the marketing list through the existing form endpoint.')),
          links: [{ title: null, url: 'https://example.com/newsletter' }],
        },
        {
          name: 'Broken link to the old blog in the header',
          group: 'cancelled',
          priority: 'low',
          createdBy: 'member',
          assignees: [],
          labels: ['Bug'],
          description: p(text('Not needed any more: the header is being replaced as part of the launch.')),
        },
        {
          name: 'Accessibility review of the sign-up flow',
          group: 'unstarted',
          priority: 'high',
          createdBy: 'admin',
          assignees: ['member'],
          labels: ['Design'],
          targetDay: 12,
          inModule: true,
          description:
            heading(2, 'Checklist') +
            tasks([false, text('Every field has a visible label')], [false, text('Errors are announced to screen readers')], [false, text('The whole flow works with the keyboard alone')]) +
            p(text('Guidance: '), link('https://www.w3.org/WAI/WCAG22/quickref/', 'WCAG 2.2 quick reference'), text('.')),
        },
        {
          name: 'Add structured data for search engines',
          group: 'backlog',
          priority: 'medium',
          createdBy: 'member',
          assignees: ['admin'],
          labels: ['Feature'],
          description:
            p(text('Describe the organisation and the product so search results show our logo and prices.')) +
            codeBlock('json', '{\n  "@context": "https://schema.org",\n  "@type": "Organization",\n  "name": "Acme",\n  "url": "https://acme.example"\n}'),
        },
        {
          name: 'Fonts flash unstyled on first load',
          group: 'started',
          priority: 'medium',
          createdBy: 'admin',
          assignees: ['member'],
          labels: ['Performance', 'Bug'],
          startDay: -1,
          targetDay: 3,
          inCycle: true,
          cycleDay: -2,
          description: p(text('Preload the two font files used above the fold and set '), code('font-display: swap'), text('.')),
        },
        {
          name: 'Customer stories page',
          group: 'unstarted',
          priority: 'none',
          createdBy: 'admin',
          assignees: [],
          labels: ['Feature', 'Docs'],
          description: p(text('Three short stories with a photo and a quote each. Waiting for approval from the customers.')),
        },
      ],
      pages: [
        {
          name: 'Product roadmap',
          access: 'public',
          owner: 'admin',
          html:
            heading(1, 'Product roadmap') +
            p(text('What we are working on this quarter and next. Questions go to '), maya, text('.')) +
            table(['Quarter', 'Theme', 'Status'], ['Q1', 'Public launch', 'In progress'], ['Q2', 'Team plans', 'Planned'], ['Q3', 'Integrations', 'Exploring']) +
            heading(2, 'Principles') +
            bullets(text('Ship small, ship often'), text('Measure before and after'), text('Write it down')),
          pages: [
            {
              name: 'Q1: Public launch',
              access: 'public',
              owner: 'admin',
              html:
                p(text('The launch plan, week by week. The checklist lives with '), maya, text('.')) +
                tasks([true, text('Landing page live')], [false, text('Pricing page reviewed')], [false, text('Announcement drafted')]),
            },
          ],
        },
        {
          name: 'Launch checklist (draft)',
          access: 'private',
          owner: 'admin',
          html:
            heading(2, 'Before launch') +
            tasks([true, text('Pricing approved')], [false, text('Press kit ready')], [false, text('Status page live')]) +
            p(text('Private notes: keep this page to myself until the date is fixed.')),
        },
      ],
    },
    {
      identifier: 'MOB',
      name: 'Mobile App',
      description: 'The iOS and Android apps.',
      cover: '/api/project-covers/files/ocean.svg',
      labels: [
        { name: 'Bug', color: '#ef4444' },
        { name: 'Feature', color: '#3b82f6' },
        { name: 'iOS', color: '#6b7280' },
        { name: 'Android', color: '#22c55e' },
      ],
      issues: [
        {
          name: 'App crashes when the camera permission is denied',
          group: 'started',
          priority: 'urgent',
          targetDay: -2,
          createdBy: 'member',
          assignees: ['member'],
          labels: ['Bug', 'Android'],
          description:
            p(strong('Android 14 only.'), text(' Denying the camera permission while scanning a document closes the app.')) +
            codeBlock('kotlin', 'val granted = ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA)\nif (granted != PackageManager.PERMISSION_GRANTED) return showRationale()') +
            p(avery, text(' this blocks the next release.')),
          links: [{ title: 'Requesting runtime permissions', url: 'https://developer.android.com/training/permissions/requesting' }],
          comments: [{ by: 'member', html: p(text('Fix is ready for review: we now show an explanation instead of opening the camera.')) }],
        },
        {
          name: 'Offline mode for the issue list',
          group: 'unstarted',
          priority: 'high',
          createdBy: 'admin',
          assignees: ['member', 'admin'],
          labels: ['Feature', 'iOS', 'Android'],
          description:
            heading(2, 'Goal') +
            p(text('People on trains should still read and edit their issues; changes sync when the connection comes back.')) +
            heading(2, 'Open questions') +
            bullets(text('How long do we keep cached issues?'), text('What happens when two people edit the same description offline?')),
        },
        {
          name: 'Push notifications for mentions',
          group: 'backlog',
          priority: 'medium',
          createdBy: 'member',
          assignees: [],
          labels: ['Feature'],
          description: p(text('Notify someone when they are mentioned, like '), maya, text(' here, with a link straight to the comment.')),
        },
        {
          name: 'Dynamic Type breaks the settings screen',
          group: 'completed',
          priority: 'low',
          createdBy: 'admin',
          assignees: ['member'],
          labels: ['Bug', 'iOS'],
          completedDaysAgo: 6,
          description: p(text('With the largest text size the toggles overlap their labels. Fixed by letting the rows grow.')),
        },
        {
          name: 'Sign in with a magic link',
          group: 'backlog',
          priority: 'none',
          createdBy: 'admin',
          assignees: [],
          labels: ['Feature'],
          description: p(text('Send a one-time link by e-mail instead of asking for a password. See '), link('https://example.com/specs/magic-link', 'the spec'), text('.')),
        },
        {
          name: 'Reduce the app size below 40 MB',
          group: 'unstarted',
          priority: 'medium',
          createdBy: 'member',
          assignees: ['admin'],
          labels: ['iOS', 'Android'],
          description: table(['Platform', 'Today', 'Target'], ['iOS', '58 MB', '40 MB'], ['Android', '46 MB', '35 MB']),
        },
        {
          name: 'Old onboarding carousel',
          group: 'cancelled',
          priority: 'low',
          createdBy: 'admin',
          assignees: [],
          labels: [],
          description: p(text('Replaced by the single welcome screen.')),
        },
      ],
    },
    {
      identifier: 'RES',
      name: 'Research',
      description: 'Interviews and experiments. No issues yet.',
      cover: null,
      labels: [],
      issues: [],
    },
  ];
}
