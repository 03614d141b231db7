// The vault (lib/background/key-vault.ts) keeps its keys in IndexedDB: every ServiceContext client tags its key there.
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/** An event the fake browser does not implement: listeners are kept, and `fire` calls them. */
function fakeEvent<T extends unknown[]>() {
  const listeners = new Set<(...args: T) => void>();
  return {
    addListener: (listener: (...args: T) => void) => void listeners.add(listener),
    removeListener: (listener: (...args: T) => void) => void listeners.delete(listener),
    hasListener: (listener: (...args: T) => void) => listeners.has(listener),
    fire: (...args: T) => listeners.forEach((listener) => listener(...args)),
  };
}

// On a loaded 2-core CI machine a first lazy import can take over the default 1 s; no test waits for
// something to stay absent, so a longer wait only spares false failures.
configure({ asyncUtilTimeout: 3000 });

beforeEach(() => {
  fakeBrowser.reset();
  // Access given or taken away (chrome://extensions, a prompt in another page).
  Object.assign(fakeBrowser.permissions, { onAdded: fakeEvent(), onRemoved: fakeEvent() });
});

// Testing Library only cleans up by itself when vitest globals are on; they are not.
afterEach(() => {
  cleanup();
});
