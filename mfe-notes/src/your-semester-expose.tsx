/** The notes area's "Your semester" for the shell's Home: `notes/YourSemester` (WIDGET_EXPOSES in @studyhub/contract). */
import { CONTRACT_VERSION, type AreaName } from '@studyhub/contract';

export { YourSemester as default } from './semester/your-semester';
export const area: AreaName = 'notes';
export const contractVersion = CONTRACT_VERSION;
export const buildVersion = __STUDYHUB_BUILD_VERSION__;
