/** Constants only shell uses (product §9 values; the shared ones are @studyhub/contract's). */
export const CONTACT_SENT_STATE_MS = 3_000;
export const ROUTE_PROGRESS_MS = 100;
export const FOOTER_COPYRIGHT_YEAR = 2025;
