import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './build/compressAssets';
import { screenPreload } from './build/screenPreload';

// The app is served under /web/ with hash routes; the API lives on the same origin under /api.
export default defineConfig({
  base: '/web/',
  plugins: [
    react(),
    // Opening the app on a stage (the shared link people follow most) fetches the stage's code from the start.
    screenPreload([{ path: '/item/project/stage', module: 'src/pages/stage/StagePage.tsx' }]),
    // Each text file also as .br and .gz, which the server sends as they are (no compression per request).
    compressAssets(),
  ],
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
            // The icons are a few hundred bytes each: one chunk instead of a request per icon.
            { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons/, priority: 20 },
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
