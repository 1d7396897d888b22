/** A file's size as people read it: "830 KB", "1.4 MB" (1 MB = 1024 KB, as the upload limit counts). */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
