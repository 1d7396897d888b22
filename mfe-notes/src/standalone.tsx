import { mountStandalone } from '@studyhub/shared/standalone';
import { NotesArea } from './notes-area';

mountStandalone('notes', NotesArea);
