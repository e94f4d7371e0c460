import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Each file starts its own sandbox on a random loopback port; files run in parallel on the two cores.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
