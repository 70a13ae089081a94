import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { driverServiceWorker } from './vite/driver-service-worker';
import { routeIndex } from './vite/route-index';

/**
 * The route table's `summary` strings document the API (the README, the CDK's role descriptions); the browser
 * only needs each row's method, path, roles and schemas. Emptied in the web build, they leave the script the
 * sign-in page loads (the route table is part of it) about 5 KB lighter, gzipped.
 */
function routeSummariesOut(): Plugin {
  const routeFile = /[\\/]shared[\\/]src[\\/]routes[\\/][^\\/]+\.ts$/;
  const summary = /summary:\s*(['"])(?:\\.|(?!\1)[^\\])*\1/g;
  return {
    name: 'route-summaries-out',
    apply: 'build',
    transform(code, id) {
      return routeFile.test(id) ? { code: code.replace(summary, "summary: ''"), map: null } : undefined;
    },
  };
}

/**
 * Vendor groups that change rarely, cached apart from the app's own code. The router has a group of its own:
 * the driver's app (driver.html) routes itself and should not download it.
 */
const VENDOR_GROUPS: Array<{ name: string; test: RegExp }> = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
  { name: 'amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
];

export default defineConfig({
  plugins: [
    react(),
    routeSummariesOut(),
    routeIndex(),
    // The driver's app works without signal (issue 26): its service worker, with this build's app shell.
    driverServiceWorker({
      html: fileURLToPath(new URL('driver.html', import.meta.url)),
      worker: fileURLToPath(new URL('src/driver/offline/sw/worker.ts', import.meta.url)),
      publicFiles: ['/driver.webmanifest', '/driver-icon-192.png', '/driver-icon-512.png'],
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    rolldownOptions: {
      // Two pages: the back office, and the driver's phone app (issue 26), a lighter entry of its own.
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        driver: fileURLToPath(new URL('driver.html', import.meta.url)),
      },
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});
