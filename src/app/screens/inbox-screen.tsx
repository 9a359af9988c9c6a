import * as Tabs from '@radix-ui/react-tabs';
import { EmptyState } from '../empty-states/index.js';
import { PageHeader } from '../ui/page-header.js';
import { useStyles } from '../ui/styles.js';
import { FeatureGate } from './projects/feature-gate.js';
import { useCurrentProject } from './projects/use-current-project.js';
import { screensCss } from './screens.css.js';

/** A project's inbox (behind its inbox toggle), open and closed requests. The server keeps no requests yet, so each tab is its empty state. */
export function InboxScreen() {
  useStyles('app-screens', screensCss);
  const { slug, project } = useCurrentProject();
  if (!project) return null;
  return (
    <>
      <PageHeader title="Inbox" description={project.name} />
      <FeatureGate slug={slug} project={project} feature="inbox_view" notice="disabled-inbox">
        <Tabs.Root defaultValue="open">
          <Tabs.List className="app-tabs-list" aria-label="Inbox tabs">
            <Tabs.Trigger value="open" className="app-tab">
              Open
            </Tabs.Trigger>
            <Tabs.Trigger value="closed" className="app-tab">
              Closed
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="open" className="app-content">
            <EmptyState type="inbox-open" role={project.role} />
          </Tabs.Content>
          <Tabs.Content value="closed" className="app-content">
            <EmptyState type="inbox-closed" role={project.role} />
          </Tabs.Content>
        </Tabs.Root>
      </FeatureGate>
    </>
  );
}
