import { defineConfig } from 'vite';
import { linguiPlugins } from './vite.config.ts';

// The embeddable player (/embed) is built on its own, after the app (npm run build): it shares no
// chunk with the app, so the app's first paint is split exactly as without it, and the service
// worker (written by the app's build) does not precache a page only other websites show.
export default defineConfig({
  // The app's build copied public/ already.
  publicDir: false,
  // The player's messages are Lingui macros: compiled here as in the app (else the macros' runtime,
  // with Babel and TypeScript, would be bundled).
  plugins: linguiPlugins(),
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    // Beside the app's .vite/manifest.json, for bench/bundle.bench.ts; dot paths are never served.
    manifest: '.vite/embed-manifest.json',
    rollupOptions: { input: { embed: 'embed.html' } },
  },
});
