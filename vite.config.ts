import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? 3000);

// PASSWORD_KEY is the AES key shared by client and server (SPEC.md §7, CONTRACT.md §1).
// The client build reads the same variable; the default matches the server's development default.
const passwordKey = process.env.PASSWORD_KEY ?? 'fruitprompt-dev-key-0123456789ab';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
  ],
  define: {
    __PASSWORD_KEY__: JSON.stringify(passwordKey),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/dev-idp': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/dev-pay': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
});
