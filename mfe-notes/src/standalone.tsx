import { mountStandalone } from '@studyhub/shared';
import { NotesArea } from './notes-area';

mountStandalone('notes', NotesArea);
