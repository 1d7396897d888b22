/**
 * A size as people read it: "830 KB", "1.4 MB", "10.0 GB" for the space a browser allows (1 MB = 1024 KB, as the
 * upload limit counts).
 */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
}
