import { defineConfig } from 'vite';

// The embeddable player (/embed) is built on its own, after the app (npm run build): it shares no
// chunk with the app, so the app's first paint is split exactly as without it, and the service
// worker (written by the app's build) does not precache a page only other websites show.
export default defineConfig({
  // The app's build copied public/ already.
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    // Beside the app's .vite/manifest.json, for bench/bundle.bench.ts; dot paths are never served.
    manifest: '.vite/embed-manifest.json',
    rollupOptions: { input: { embed: 'embed.html' } },
  },
});
