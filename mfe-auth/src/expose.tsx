/** What the auth area gives the shell: the contract of @studyhub/shared (architecture §3). */
import { CONTRACT_VERSION, type AreaName } from '@studyhub/contract';

export { AuthArea as default } from './auth-area';
export const area: AreaName = 'auth';
export const contractVersion = CONTRACT_VERSION;
export const buildVersion = __STUDYHUB_BUILD_VERSION__;
