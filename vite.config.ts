import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000';

// The SPA lives in client/; `npm run dev` serves it with a proxy to the gateway.
export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss()],
  build: { outDir: '../dist/client', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/graphql': gateway,
      '/api': gateway,
      '/config.json': gateway,
      '/assets/library': gateway,
      '/healthz': gateway,
    },
  },
});
