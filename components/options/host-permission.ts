/**
 * Asks the browser for access to the service's host. Call it synchronously at the start of a
 * click handler: Chrome only shows the prompt while the click's user activation is alive.
 */
import { browser } from '#imports';

export async function requestHostPermission(pattern: string): Promise<boolean> {
  try {
    return await browser.permissions.request({ origins: [pattern] });
  } catch {
    // Rejected outright (no user gesture, pattern outside optional_host_permissions).
    return false;
  }
}
