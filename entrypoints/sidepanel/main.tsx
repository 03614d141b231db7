/**
 * The side panel page's module. Its styles load with the page, as render-blocking links, so a
 * saved copy of the briefing painted by the start-up script (entrypoints/panel-start.ts) is
 * styled. The live panel's code (React and the rest, app.tsx) is evaluated once that copy is on
 * screen: evaluating it holds the page's main thread for tens of milliseconds, and the copy's
 * frame would otherwise wait for it.
 */
import '@/components/ui/theme.css';
import '@/components/ui/ui.css';
import '@/components/panel/panel.css';
import { showLoadFailure } from '@/lib/panel/load-failure';
import { savedCopySettled } from '@/components/panel/data/early-start';

savedCopySettled()
  .then(() => import('./app'))
  .catch((error: unknown) => showLoadFailure(document, error));
