/**
 * The message typed on Contact, kept in this tab until it is sent, so a visitor who has to log in first finds
 * it again when the login brings them back (decision 017). sessionStorage: gone with the tab, never shared.
 */
export const CONTACT_DRAFT_KEY = 'studyhub.contactDraft';

export function readContactDraft(storage: Storage = sessionStorage): string {
  try {
    return storage.getItem(CONTACT_DRAFT_KEY) ?? '';
  } catch {
    return '';
  }
}

export function keepContactDraft(message: string, storage: Storage = sessionStorage): void {
  try {
    if (message === '') storage.removeItem(CONTACT_DRAFT_KEY);
    else storage.setItem(CONTACT_DRAFT_KEY, message);
  } catch {
    // Storage full or blocked: the message stays on screen, only a reload would lose it.
  }
}
