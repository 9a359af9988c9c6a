/** The demo project's inbox: requests filed by its guest and viewer, some already decided by a member. */
import type { DemoIntake } from './demo-types.js';
import { p, strong, text } from './rich-html.js';

/** The Website project's inbox. */
export const WEBSITE_INTAKE: DemoIntake[] = [
  {
    name: 'Show prices in euros for visitors from Europe',
    html: p(text('Our customers in Germany keep asking what the plans cost in euros. ')) + p(text('A currency switch on the pricing page would do.')),
    by: 'guest',
  },
  {
    name: 'The pricing table is cut off on small phones',
    html: p(text('On an iPhone SE the third plan is hidden and the table does not scroll. ')) + p(strong('Steps: '), text('open /pricing on a 320 px wide screen.')),
    by: 'viewer',
  },
  {
    name: 'A French version of the website',
    html: p(text('Half of our trial sign-ups this month came from France and Belgium.')),
    by: 'guest',
    decision: { status: 'snoozed', by: 'member', snoozeDays: 21 },
  },
  {
    name: 'Add a chat widget to every page',
    html: p(text('Visitors could ask questions before they sign up.')),
    by: 'viewer',
    decision: { status: 'declined', by: 'member' },
  },
  {
    name: 'Link to the status page in the footer',
    html: p(text('When the site is slow people look for a status page and cannot find one.')),
    by: 'guest',
    decision: { status: 'accepted', by: 'member' },
  },
  {
    name: 'Dark theme for the marketing site',
    html: p(text('The app has a dark theme; the website should have one too.')),
    by: 'guest',
    decision: { status: 'duplicate', by: 'member', duplicateOf: 'Dark mode for the marketing pages' },
  },
];
