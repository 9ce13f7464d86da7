import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
});
