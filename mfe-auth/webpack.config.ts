import { defineApp } from '@studyhub/tooling/build';

export default defineApp({
  name: 'auth',
  kind: 'remote',
  exposes: { './Area': './src/expose.tsx' },
  devPort: 3001,
  title: 'StudyHub auth (standalone)',
});
