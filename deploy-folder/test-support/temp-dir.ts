/** Test helper: a fresh folder under the system's temp folder; the test removes it. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function tempDir(label: string): string {
  return mkdtempSync(path.join(tmpdir(), `studyhub-${label}-`));
}
