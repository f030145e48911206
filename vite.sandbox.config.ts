import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The GraphQL sandbox (GraphiQL) is its own build, served under /sandbox/, so its editor and workers
// never change how the SPA is split or what its pages load.
export default defineConfig({
  root: 'client',
  base: '/sandbox/',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../dist/sandbox',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    rollupOptions: { input: new URL('./client/sandbox.html', import.meta.url).pathname },
  },
});
