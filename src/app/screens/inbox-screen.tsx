import * as Tabs from '@radix-ui/react-tabs';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { IntakeTab } from '../api/types.js';
import { Button } from '../ui/button.js';
import { Icon } from '../ui/icon.js';
import { PageHeader } from '../ui/page-header.js';
import { useStyles } from '../ui/styles.js';
import { InboxPane } from './inbox/inbox-pane.js';
import { INBOX_TABS, INBOX_WORDS } from './inbox/inbox-words.js';
import { inboxCss } from './inbox/inbox.css.js';
import { NewIntakeDialog } from './inbox/new-intake-dialog.js';
import { FeatureGate } from './projects/feature-gate.js';
import { featureOn } from './projects/project-features.js';
import { useCurrentProject } from './projects/use-current-project.js';
import { screensCss } from './screens.css.js';
import { tabStrip } from '../ui/tab-strip.js';

/**
 * A project's inbox (behind its inbox toggle): requests filed by anyone in the project, on the
 * Open and Closed tabs, listed beside the chosen one, which members accept, decline, snooze or
 * mark as a duplicate. Everyone in the project files new ones; guests see only their own.
 */
export function InboxScreen() {
  useStyles('app-screens', screensCss);
  useStyles('app-inbox', inboxCss);
  const { slug, project } = useCurrentProject();
  const [tab, setTab] = useState<IntakeTab>('open');
  const [selected, setSelected] = useState<string | null>(null);
  const [filing, setFiling] = useState(false);
  if (!project) return null;
  const enabled = featureOn(project, 'inbox_view');
  return (
    <>
      <PageHeader
        title={INBOX_WORDS.title}
        description={project.name}
        actions={
          enabled ? (
            <Button variant="primary" onClick={() => setFiling(true)}>
              <Icon icon={Plus} />
              {INBOX_WORDS.newIntake}
            </Button>
          ) : null
        }
      />
      <FeatureGate slug={slug} project={project} feature="inbox_view" notice="disabled-inbox">
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as IntakeTab)}>
          <Tabs.List ref={tabStrip} className="app-tabs-list" aria-label={INBOX_WORDS.tabs}>
            {INBOX_TABS.map((option) => (
              <Tabs.Trigger key={option.value} value={option.value} className="app-tab">
                {option.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {INBOX_TABS.map((option) => (
            <Tabs.Content key={option.value} value={option.value} className="app-content">
              {option.value === tab ? <InboxPane slug={slug} project={project} tab={option.value} selectedId={selected} onSelect={setSelected} /> : null}
            </Tabs.Content>
          ))}
        </Tabs.Root>
        <NewIntakeDialog
          slug={slug}
          projectId={project.id}
          open={filing}
          onOpenChange={setFiling}
          onFiled={(intake) => {
            setTab('open');
            setSelected(intake.id);
          }}
        />
      </FeatureGate>
    </>
  );
}
