import { mountStandalone } from '@studyhub/shared';
import { AuthArea } from './auth-area';

mountStandalone('auth', AuthArea);
