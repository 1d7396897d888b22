/**
 * @studyhub/shared/search: the subject search box Home and the Notes page share (decision 017). A subpath each
 * app bundles itself; the matching code and the catalog it searches load on the box's first focus.
 */
export {
  loadSubjectSearch,
  rememberedSearch,
  SEARCH_TEXTS,
  SubjectSearchBox,
  type SubjectSearchBoxProps,
} from './subject-search-box';
export type { MatchedBy, SubjectHit, SubjectHitState } from './subject-search';
