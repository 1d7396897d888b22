/** What the syllabus area gives the shell: the contract of @studyhub/shared (architecture §3). */
import { CONTRACT_VERSION, type AreaName } from '@studyhub/contract';

export { SyllabusArea as default } from './syllabus-area';
export const area: AreaName = 'syllabus';
export const contractVersion = CONTRACT_VERSION;
export const buildVersion = __STUDYHUB_BUILD_VERSION__;
