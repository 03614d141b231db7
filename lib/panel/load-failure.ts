/**
 * When the panel's own code cannot be loaded (an extension updated under an open panel, a broken
 * install), the panel says so and offers a reload, the way PanelErrorBoundary does for a failure
 * while drawing, instead of a blank page or a saved copy that never comes alive. Plain DOM: React
 * is what failed to load.
 */
import { releaseSavedBriefing } from './saved-briefing';

export function showLoadFailure(doc: Document, error: unknown, reload: () => void = () => globalThis.location.reload()): void {
  console.error('Primer side panel could not load', error);
  const root = doc.getElementById('root');
  if (!root) return;
  releaseSavedBriefing(root);
  const main = doc.createElement('main');
  main.className = 'panel-main';
  const problem = main.appendChild(doc.createElement('div'));
  problem.className = 'problem';
  problem.setAttribute('role', 'alert');
  const title = problem.appendChild(doc.createElement('h1'));
  title.className = 'subject-title';
  title.textContent = 'Primer’s panel could not load';
  problem.appendChild(doc.createElement('p')).textContent = 'Reloading the panel usually fixes it; your settings and saved briefings are kept.';
  const button = problem.appendChild(doc.createElement('button'));
  button.type = 'button';
  button.className = 'ui-button';
  button.textContent = 'Reload the panel';
  button.addEventListener('click', reload);
  root.replaceChildren(main);
}
