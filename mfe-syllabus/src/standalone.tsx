import { mountStandalone } from '@studyhub/shared/standalone';
import { SyllabusArea } from './syllabus-area';

mountStandalone('syllabus', SyllabusArea);
