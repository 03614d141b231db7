import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/ui/theme.css';
import '@/components/popup/popup.css';
import { PopupApp } from '@/components/popup/PopupApp';
import { loadDraft } from '@/components/popup/useDraft';

// Read before React renders: the side panel's hand-over is taken once, and the tab lookup overlaps start-up.
const draft = loadDraft();

const root = document.getElementById('root');
if (!root) throw new Error('Primer popup: #root is missing from index.html.');
createRoot(root).render(
  <StrictMode>
    <PopupApp draft={draft} />
  </StrictMode>,
);
