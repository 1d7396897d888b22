import { defineApp } from '@studyhub/tooling/build';

export default defineApp({
  name: 'syllabus',
  kind: 'remote',
  exposes: { './Area': './src/expose.tsx' },
  devPort: 3003,
  title: 'StudyHub syllabus (standalone)',
});
