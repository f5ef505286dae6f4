import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The app build: React main thread + the data-core module worker. Dev proxies the server. */
export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
  },
  optimizeDeps: { include: ['dexie', 'proj4', 'comlink'] },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/idp': 'http://localhost:8080',
      '/tiles': 'http://localhost:8080',
      '/identity.json': 'http://localhost:8080',
    },
  },
});
