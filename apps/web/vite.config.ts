import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precacheAssets } from './scripts/precache-assets';
import { precompress } from './scripts/precompress';

export default defineConfig({
  base: '/',
  plugins: [react(), precacheAssets(), precompress()],
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
});
