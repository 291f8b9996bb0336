import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The app is served under /web/ with hash routes; the API lives on the same origin under /api.
export default defineConfig({
  base: '/web/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // React and the router change least: one long-cached chunk. Everything else (antd included) splits by
        // screen, so a screen loads only the components it uses.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/,
              priority: 30,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
