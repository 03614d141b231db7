import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/ui/theme.css';
import '@/components/panel/panel.css';
import { PanelApp } from '@/components/panel/PanelApp';
import { PanelErrorBoundary } from '@/components/panel/PanelErrorBoundary';
import { startPanelCache } from '@/components/panel/data/persistence';
import { prefetchBriefing } from '@/components/panel/data/prefetch';
import { createPanelQueryClient } from '@/components/panel/data/query-client';
import { getPanelTarget } from '@/lib/panel/target';

// Everything starts before React renders: the tab (or chosen focus) is read, and the briefing is
// asked for the moment it is known, while the saved cache is read from storage alongside.
const startedAt = Date.now();
const client = createPanelQueryClient();
const firstTarget = getPanelTarget({ skipPageWhenFocused: true });
firstTarget.then((target) => prefetchBriefing(client, target)).catch(() => undefined);
const restored = startPanelCache(client);

const root = document.getElementById('root');
if (!root) throw new Error('Primer side panel: #root is missing from index.html.');
createRoot(root).render(
  <StrictMode>
    <PanelErrorBoundary>
      <PanelApp client={client} restored={restored} firstTarget={firstTarget} startedAt={startedAt} />
    </PanelErrorBoundary>
  </StrictMode>,
);
