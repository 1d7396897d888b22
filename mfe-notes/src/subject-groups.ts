import styled from 'styled-components';
import { Muted } from '@studyhub/shared';

/** Items by subject code, subjects in the order their first item comes (My bookmarks, Saved for offline). */
export function bySubject<T extends { subjectCode: string }>(items: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.subjectCode, [...(groups.get(item.subjectCode) ?? []), item]);
  return [...groups];
}

/** The line under a list page's title (My bookmarks, Following, Saved for offline). */
export const ListIntro = styled(Muted)`
  margin: 0 0 16px;
`;
