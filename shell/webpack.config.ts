import { defineApp } from '@studyhub/tooling/build';
import { SHELL_WEB_APP } from './src/web-app/web-app';

export default defineApp({
  name: 'shell',
  kind: 'host',
  devPort: 3000,
  title: 'StudyHub',
  prerender: './prerender.tsx',
  webApp: SHELL_WEB_APP,
  serviceWorker: './src/service-worker/service-worker.ts',
});
