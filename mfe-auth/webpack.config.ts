import { defineApp } from '@studyhub/shared/build';

export default defineApp({
  name: 'auth',
  kind: 'remote',
  exposes: { './Area': './src/expose.tsx' },
  devPort: 3001,
  title: 'StudyHub auth (standalone)',
});
