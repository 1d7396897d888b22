/**
 * The syllabus page's filters (product §2 "Syllabus page", §9): options, defaults and the request they make.
 */
import type { UploadType } from '@studyhub/contract/schemas';
import type { SyllabusQuery } from '@studyhub/shared';

export interface FilterOption<V extends string = string> {
  value: V;
  label: string;
}

const same = <V extends string>(value: V): FilterOption<V> => ({ value, label: value });

export const UPLOAD_TYPE_OPTIONS: readonly FilterOption<UploadType>[] = [same('Scheme'), same('Syllabus')];
export const PROGRAM_OPTIONS: readonly FilterOption[] = ['B.Tech', 'MCA', 'MCA Dual Degree', 'BE'].map(same);
export const SYSTEM_OPTIONS: readonly FilterOption[] = ['Semester', 'Annual', 'All'].map(same);

/**
 * The filter shows "Grading System", but the add form (product §9 "Grading options (add form)") stores that
 * grading as "Grading", so that option's value is "Grading" — which is also the SPEC's default filter value.
 * Every other option is sent exactly as shown.
 */
export const GRADING_OPTIONS: readonly FilterOption[] = [
  { value: 'Grading', label: 'Grading System' },
  ...['Non Grading System', 'Lateral Entry', 'CBCS', 'CBGS', 'As per COA'].map(same),
];

export interface SyllabusFilters {
  uploadType: UploadType;
  program: string;
  system: string;
  grading: string;
}

/** product §9 "Default syllabus filters": Syllabus, B.Tech, Semester, Grading. */
export const DEFAULT_FILTERS: SyllabusFilters = {
  uploadType: 'Syllabus',
  program: 'B.Tech',
  system: 'Semester',
  grading: 'Grading',
};

/** The list request for a set of filters: the selected values as they are (see GRADING_OPTIONS). */
export function toQuery(filters: SyllabusFilters): SyllabusQuery {
  return {
    program: filters.program,
    system: filters.system,
    grading: filters.grading,
    uploadType: filters.uploadType,
  };
}
