import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precacheAssets } from './scripts/precache-assets';
import { precompress } from './scripts/precompress';
import { preloadPageAtLaunch } from './scripts/preload-page-at-launch';
import { PATHS } from './src/router/paths';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    precacheAssets(),
    preloadPageAtLaunch(PATHS.login, 'src/pages/login/index.tsx'),
    precompress(),
  ],
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
});
