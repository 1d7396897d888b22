/** The notes area's widget for the shell's Home: `notes/RecentNotes` (WIDGET_EXPOSES in @studyhub/shared). */
import { CONTRACT_VERSION, type AreaName } from '@studyhub/contract';

export { RecentNotes as default } from './recent/recent-notes';
export const area: AreaName = 'notes';
export const contractVersion = CONTRACT_VERSION;
export const buildVersion = __STUDYHUB_BUILD_VERSION__;
