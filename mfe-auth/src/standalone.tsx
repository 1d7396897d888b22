import { mountStandalone } from '@studyhub/shared/standalone';
import { AuthArea } from './auth-area';

mountStandalone('auth', AuthArea);
