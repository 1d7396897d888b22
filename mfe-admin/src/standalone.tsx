import { mountStandalone } from '@studyhub/shared/standalone';
import { AdminArea } from './admin-area';

mountStandalone('admin', AdminArea);
