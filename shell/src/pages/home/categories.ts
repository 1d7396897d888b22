import type { ComponentType } from 'react';
import { PATHS, type AreaName } from '@studyhub/contract';
import { BookIcon, ClipboardIcon, FileTextIcon, StarIcon, type IconProps } from '../../frame/icons';

export interface Category {
  title: string;
  blurb: string;
  /** Decorative: the card's title names it (decision 018). */
  icon: ComponentType<IconProps>;
  /** Absent for categories that are not open yet (product §2: disabled, "Update Soon!"). */
  to?: string;
  area?: AreaName;
  badge?: string;
}

export const CATEGORIES: readonly Category[] = [
  {
    title: 'NOTES',
    blurb: 'Unit-wise notes by branch, year and semester.',
    icon: BookIcon,
    to: PATHS.branch,
    area: 'notes',
  },
  {
    title: 'Syllabus \\ Scheme',
    blurb: 'Semester syllabus and scheme PDFs for every program.',
    icon: ClipboardIcon,
    to: PATHS.syllabus,
    area: 'syllabus',
  },
  {
    title: 'Important Questions',
    blurb: 'Questions worth practising before exams.',
    icon: StarIcon,
    badge: 'Coming Soon!',
  },
  {
    title: 'Previous Year Questions',
    blurb: 'Past papers, subject by subject.',
    icon: FileTextIcon,
    badge: 'Coming Soon!',
  },
];

/** product §5: case-insensitive substring match on the title. */
export function matchCategories(query: string): Category[] {
  const needle = query.trim().toLowerCase();
  return CATEGORIES.filter((category) => category.title.toLowerCase().includes(needle));
}
