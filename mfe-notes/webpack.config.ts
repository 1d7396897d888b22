import { defineApp } from '@studyhub/tooling/build';

export default defineApp({
  name: 'notes',
  kind: 'remote',
  exposes: {
    './Area': './src/expose.tsx',
    './RecentNotes': './src/recent-notes-expose.tsx',
    './YourSemester': './src/your-semester-expose.tsx',
  },
  devPort: 3002,
  title: 'StudyHub notes (standalone)',
});
