import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precacheAssets } from './scripts/precache-assets';
import { precompress } from './scripts/precompress';

export default defineConfig({
  base: '/',
  plugins: [react(), precacheAssets(), precompress()],
  build: {
    rolldownOptions: {
      output: {
        // Every module the entry imports statically in one file instead of ~20, the login page
        // among them: over HTTP/1.1 (6 requests at a time) the file count sets when the login
        // form shows (bench/web-login). Closed under static imports, so nothing to pull in.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'entry', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
});
