/**
 * @studyhub/shared/search-hits: a search inside the notes' call and how its hits read (decision 040), for the
 * search box's lazily loaded group and the notes area's results page.
 */
export {
  hitLink,
  hitPlace,
  NOTES_SEARCH_TEXTS,
  resultCount,
  Snippet,
  snippetPieces,
  type SnippetPiece,
} from './notes-hit';
export { searchNotes } from './search-notes';
