import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/ui/theme.css';
import '@/components/popup/popup.css';
import { PopupApp } from '@/components/popup/PopupApp';
import { loadDraft } from '@/components/popup/useDraft';
import { formInTab } from '@/components/popup/useActiveTabProblem';

// Read before React renders: the side panel's hand-over is taken once, and the tab lookup overlaps start-up.
const draft = loadDraft();

// The form in a tab of its own takes the window's width (popup.css), not the popup's.
if (formInTab()) document.documentElement.classList.add('in-tab');

const root = document.getElementById('root');
if (!root) throw new Error('Primer popup: #root is missing from index.html.');
createRoot(root).render(
  <StrictMode>
    <PopupApp draft={draft} />
  </StrictMode>,
);
