/** A full page load, which re-reads remotes.json and chooses every area's version afresh. */
export function reloadPage(): void {
  window.location.reload();
}
