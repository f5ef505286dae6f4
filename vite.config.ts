import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { sl } from './src/i18n/sl.ts';
import { olTrim } from './build/olTrim.ts';
import { firstVisitScript } from './build/firstVisitScript.ts';

/**
 * The service worker at /sw.js (src/sw.ts, built with injectManifest) and the web app
 * manifest. The app registers the worker itself (src/app/serviceWorker.ts), so the plugin
 * injects no registration script.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  // The glob below already takes the icons, and the plugin adds the manifest itself.
  includeManifestIcons: false,
  injectManifest: {
    // A classic script: registered without { type: 'module' }, so every browser runs it.
    rollupFormat: 'iife',
    // The app shell, the logo and icons, and the species catalogue with its illustrations
    // (species info works offline). Never identity.json or config.json: a deployment's
    // configuration must be read fresh (the data core caches it for offline use).
    globPatterns: ['**/*.{html,js,css,svg,png}', 'species/catalogue.json'],
    globIgnores: ['sw.js', 'identity.json', 'config.json', '**/*.map'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
  manifest: {
    name: sl.appTitle,
    short_name: sl.appTitle,
    description: sl.appDescription,
    lang: 'sl',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0c5f32',
    background_color: '#f2f7f3',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  devOptions: { enabled: false },
});

/** The app build: React main thread + the data-core module worker. Dev proxies the server. */
export default defineConfig({
  plugins: [react(), olTrim(), firstVisitScript(), pwa],
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
