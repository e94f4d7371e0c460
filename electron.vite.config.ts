import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// The top-level main/, preload/ and renderer/ folders are wired explicitly (electron-vite's defaults
// expect src/main, src/preload and src/renderer).
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        // The order cache's writer and the file's integrity check run in worker threads (main/store/storeWorker.ts),
        // each loading its own script from next to the main bundle: every file of the build stays in out/main itself.
        input: {
          index: resolve(__dirname, 'main/index.ts'),
          pageKeeperWorker: resolve(__dirname, 'main/store/pageKeeperWorker.ts'),
          integrityCheckWorker: resolve(__dirname, 'main/store/integrityCheckWorker.ts'),
        },
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload runs as a classic script: CommonJS, whatever the package's module type.
      rollupOptions: {
        input: { index: resolve(__dirname, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // electron-vite leaves the renderer unminified by default; a smaller bundle opens faster.
      minify: true,
      rollupOptions: { input: resolve(__dirname, 'renderer/index.html') },
    },
  },
});
