import { defineApp } from '@studyhub/tooling/build';

export default defineApp({
  name: 'shell',
  kind: 'host',
  devPort: 3000,
  title: 'StudyHub',
  prerender: './prerender.tsx',
  serviceWorker: './src/service-worker/service-worker.ts',
});
