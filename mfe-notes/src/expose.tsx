/** What the notes area gives the shell: the contract of @studyhub/shared (architecture §3). */
import { CONTRACT_VERSION, type AreaName } from '@studyhub/contract';

export { NotesArea as default } from './notes-area';
export const area: AreaName = 'notes';
export const contractVersion = CONTRACT_VERSION;
export const buildVersion = __STUDYHUB_BUILD_VERSION__;
