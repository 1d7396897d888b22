import { mountStandalone } from '@studyhub/shared';
import { AdminArea } from './admin-area';

mountStandalone('admin', AdminArea);
