import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  // Swaps `browser` for WXT's in-memory fake browser and applies wxt.config.ts (aliases, #imports).
  plugins: [WxtVitest()],
  test: {
    environment: 'happy-dom',
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/stand-in/**/*.test.ts'],
    setupFiles: ['test/unit/setup.ts'],
    restoreMocks: true,
    coverage: {
      provider: 'v8',
      include: ['lib/**'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 90 },
    },
  },
});
