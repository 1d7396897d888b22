/** What the admin area gives the shell: the contract of @studyhub/shared (architecture §3). */
import { CONTRACT_VERSION, type AreaName } from '@studyhub/contract';

export { AdminArea as default } from './admin-area';
export const area: AreaName = 'admin';
export const contractVersion = CONTRACT_VERSION;
export const buildVersion = __STUDYHUB_BUILD_VERSION__;
