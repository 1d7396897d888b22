import type { ComponentType } from 'react';
import { PATHS, type AreaName } from '@studyhub/contract';
import { BookIcon, ClipboardIcon, FileTextIcon, StarIcon, type IconProps } from '../../frame/icons';

export interface Category {
  title: string;
  blurb: string;
  /** Decorative: the card's title names it (decision 018). */
  icon: ComponentType<IconProps>;
  to: string;
  /** The area whose code the card warms on hover or focus. */
  area?: AreaName;
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
    blurb: 'The questions that keep coming back, unit by unit.',
    icon: StarIcon,
    // Login-required like /branch: the guard sends an anonymous visitor to log in and back (decision 034).
    to: PATHS.questions,
    area: 'notes',
  },
  {
    title: 'Previous Year Questions',
    blurb: 'Past exam papers, subject by subject.',
    icon: FileTextIcon,
    to: PATHS.papers,
    area: 'notes',
  },
];

/** product §5: case-insensitive substring match on the title. */
export function matchCategories(query: string): Category[] {
  const needle = query.trim().toLowerCase();
  return CATEGORIES.filter((category) => category.title.toLowerCase().includes(needle));
}
