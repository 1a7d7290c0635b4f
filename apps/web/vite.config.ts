import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on 8080; in dev Vite serves the app and forwards the API and
// the demo stream there, so the browser sees one origin just as it does in production.
const API_ORIGIN = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // The server ships dist as-is; source maps would only add weight for listeners.
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/demo': { target: API_ORIGIN, changeOrigin: true },
    },
  },
});
