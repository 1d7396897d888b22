/**
 * The search box's popup (decisions 017 and 040): its look and its "Subjects" group. It comes with the catalog,
 * in the chunk the box fetches on its first focus, so Home's first load carries the box and not its list; the
 * list has nothing to show before the catalog is there anyway. The "In the notes" group is its child.
 */
import type { ReactNode } from 'react';
import { countUnitsWithNotes, unitsWithNotesText, type Availability } from '@studyhub/shared';
import { List } from './search-list';
import type { SubjectHit } from './subject-search';

export { searchSubjects } from './subject-search';

export interface SearchPopupProps {
  /** The listbox's own attributes: the box's input names it in aria-controls. */
  id: string;
  'aria-label': string;
  hidden: boolean;
  /** The box's id: the group's label's id starts with it. */
  idPrefix: string;
  /** The id of the subject option at `index` (the box's, for its aria-activedescendant). */
  optionId(index: number): string;
  /** The subjects to list; none while the list is closed. */
  hits: readonly SubjectHit[];
  activeId: string | undefined;
  /** Which subjects have notes, once known. */
  availability: Availability | null;
  onHover(index: number): void;
  onPick(hit: SubjectHit): void;
  /** The "In the notes" group, under the subjects. */
  children?: ReactNode;
}

export function SearchPopup({
  id,
  'aria-label': label,
  hidden,
  idPrefix,
  optionId,
  hits,
  activeId,
  availability,
  onHover,
  onPick,
  children,
}: SearchPopupProps) {
  const labelId = `${idPrefix}-subjects`;
  return (
    // The listbox is the element that scrolls, as axe asks of a scrolling region (it owns the active option).
    <List id={id} role="listbox" aria-label={label} hidden={hidden}>
      {hits.length > 0 && (
        <div role="group" aria-labelledby={labelId}>
          <div id={labelId} aria-hidden="true">
            Subjects
          </div>
          {hits.map((hit, index) => (
            <div
              key={hit.code}
              id={optionId(index)}
              role="option"
              aria-selected={optionId(index) === activeId}
              // Keeps the focus in the box, so the click lands before a blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => onPick(hit)}
            >
              <span>
                <strong>{hit.code}</strong> {hit.name}
              </span>
              <small>
                {hit.where}
                {hit.topic ? ` · ${hit.topic}` : ''}
                {availability && hit.units > 0 && (
                  <NotesCount
                    withNotes={countUnitsWithNotes(availability, hit.code, hit.units)}
                    total={hit.units}
                  />
                )}
              </small>
            </div>
          ))}
        </div>
      )}
      {children}
    </List>
  );
}

function NotesCount({ withNotes, total }: { withNotes: number; total: number }) {
  return (
    <>
      {' · '}
      <span className={withNotes > 0 ? 'has-notes' : undefined}>{unitsWithNotesText(withNotes, total)}</span>
    </>
  );
}
