import { mountStandalone } from '@studyhub/shared';
import { SyllabusArea } from './syllabus-area';

mountStandalone('syllabus', SyllabusArea);
