/** The demo data a fresh installation starts with. */
export { seedDemoData, type DemoAccount, type DemoSeed, type SeedOptions } from './seed-demo.js';
export { DEMO_PEOPLE, DEMO_WORKSPACE, demoProjects, type DemoIssue, type DemoPage, type DemoPerson, type DemoProject } from './demo-content.js';
