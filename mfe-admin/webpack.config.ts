import { defineApp } from '@studyhub/tooling/build';

export default defineApp({
  name: 'admin',
  kind: 'remote',
  exposes: { './Area': './src/expose.tsx' },
  devPort: 3004,
  title: 'StudyHub admin (standalone)',
});
