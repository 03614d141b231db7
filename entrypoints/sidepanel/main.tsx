import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/ui/theme.css';
import '@/components/panel/panel.css';
import { PanelApp } from '@/components/panel/PanelApp';
import { startPanelCache } from '@/components/panel/data/persistence';
import { createPanelQueryClient } from '@/components/panel/data/query-client';
import { getPanelTarget } from '@/lib/panel/target';

// Both start before React renders: reading storage and asking the tab overlap with the first render.
const client = createPanelQueryClient();
const restored = startPanelCache(client);
const firstTarget = getPanelTarget();

const root = document.getElementById('root');
if (!root) throw new Error('Primer side panel: #root is missing from index.html.');
createRoot(root).render(
  <StrictMode>
    <PanelApp client={client} restored={restored} firstTarget={firstTarget} />
  </StrictMode>,
);
