import { useEffect, useId, useMemo, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { useNotesAvailability } from '@studyhub/shared';
import { visuallyHidden } from '../ui/visually-hidden';
import type { NotesGroupProps, NotesGroupState } from './notes-group';
import type * as SearchPopupModule from './search-popup';
import type { SubjectHit } from './subject-search';

type Search = (query: string) => SubjectHit[];
type PopupModule = typeof SearchPopupModule;

/** A chunk's import, made once per page; one that failed (offline) is made again on the next call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
}

const loadPopup = once(() => import(/* webpackChunkName: "subject-search" */ './search-popup'));

/**
 * The matching code, the catalog and the list that shows them arrive on the box's first focus (decision 017):
 * Home's first load stays without them.
 */
export const loadSubjectSearch = (): Promise<Search> => loadPopup().then((module) => module.searchSubjects);

type NotesGroup = ComponentType<NotesGroupProps>;

/** The "In the notes" group (decision 040) arrives on the first typing. */
const loadNotesGroup = once(() =>
  import(/* webpackChunkName: "notes-hits" */ './notes-group').then((module) => module.default),
);

/** The text a page's search box had when a hit was opened from it (kept in its history entry), for Back. */
export function rememberedSearch(state: unknown): string {
  const search = (state as { search?: unknown } | null)?.search;
  return typeof search === 'string' ? search : '';
}

const NO_NOTES: NotesGroupState = { shown: false, items: [], status: '' };

export const SEARCH_TEXTS = {
  loading: 'Loading subjects…',
  failed: 'Could not load the subject list.',
  none: 'No subjects found.',
  found: (count: number) => `${count} ${count === 1 ? 'subject' : 'subjects'} found.`,
  listLabel: 'Search results',
} as const;

const Box = styled.div`
  position: relative;
  width: min(520px, 100%);
  margin: 0 auto;
  text-align: left;
`;

const Input = styled.input`
  box-sizing: border-box;
  width: 100%;
  padding: 12px 18px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
  font: inherit;
`;

const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;

export interface SubjectSearchBoxProps {
  /** The box's text; the caller owns it (Home filters its category cards with the same text). */
  value: string;
  onValueChange(value: string): void;
  /** Open the subject: navigate to `hit.path` with `hit.state`. */
  onPick(hit: SubjectHit): void;
  /** How many subjects the text finds, once that is known (null while the list loads; 0 if it cannot). */
  onHitCountChange?(count: number | null): void;
  /** The accessible name of the box. */
  label: string;
  placeholder?: string;
  className?: string;
}

/**
 * A search box that also lists matching subjects: an ARIA combobox with a listbox popup (arrows move, Enter
 * opens, Escape closes and then clears, a click or tap opens), and a status line that announces the count.
 */
export function SubjectSearchBox({
  value,
  onValueChange,
  onPick,
  onHitCountChange,
  label,
  placeholder,
  className,
}: SubjectSearchBoxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [search, setSearch] = useState<PopupModule | null>(null);
  const [failed, setFailed] = useState(false);
  // Which subjects have notes is asked on the first focus, with the subject list (Home's first load stays lean).
  const [focusedOnce, setFocusedOnce] = useState(false);
  const availability = useNotesAvailability(focusedOnce);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [notes, setNotes] = useState<{ Group: NotesGroup } | null>(null);
  const [notesReported, setNotesState] = useState(NO_NOTES);
  const input = useRef<HTMLInputElement>(null);
  const hits = useMemo(() => (search ? search.searchSubjects(value) : []), [search, value]);
  const typed = value.trim() !== '';
  const notesState = notes && typed ? notesReported : NO_NOTES;
  // One list for the arrows: the subjects, then the rows of the notes group that open something.
  const items = [
    ...hits.map((hit, index) => ({ id: optionId(index), pick: () => pick(hit) })),
    ...notesState.items,
  ];
  const expanded = open && typed && (hits.length > 0 || notesState.shown);
  const hitCount = failed ? 0 : search ? hits.length : null;

  useEffect(() => onHitCountChange?.(hitCount), [hitCount, onHitCountChange]);

  function loadNotes() {
    if (!notes)
      loadNotesGroup().then(
        (Group) => setNotes({ Group }),
        () => undefined,
      );
  }

  function load() {
    setFocusedOnce(true);
    if (search) return;
    setFailed(false);
    loadPopup().then(setSearch, () => setFailed(true));
  }

  // On a prerendered page a visitor on a slow phone can focus the box and type before React listens: the text
  // is in the box but no focus or change event reached us. Take it over once we listen, as if it had just been
  // typed, so the hits appear instead of a box that silently ignores what it shows.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const focused = element.ownerDocument.activeElement === element;
    if (element.value !== value) onValueChange(element.value);
    if (focused) {
      setOpen(true);
      load();
    }
    // Only what happened before the first render counts; later typing arrives as events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function pick(hit: SubjectHit) {
    close();
    onPick(hit);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!typed || count === 0) return;
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      setOpen(true);
      // From a closed list, Down starts at the first hit and Up at the last.
      setActive((current) => {
        if (!expanded || current < 0) return down ? 0 : count - 1;
        return (current + (down ? 1 : count - 1)) % count;
      });
    } else if (event.key === 'Enter') {
      const item = expanded && active >= 0 ? items[active] : undefined;
      if (!item) return;
      event.preventDefault();
      item.pick();
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        close();
      } else if (value !== '') {
        event.preventDefault();
        onValueChange('');
      }
    }
  }

  let status = '';
  if (open && typed) {
    if (failed) status = SEARCH_TEXTS.failed;
    else if (!search) status = SEARCH_TEXTS.loading;
    else status = hits.length === 0 ? SEARCH_TEXTS.none : SEARCH_TEXTS.found(hits.length);
    if (notesState.status) status += ` ${notesState.status}`;
  }
  const activeId = expanded ? items[active]?.id : undefined;
  // Mounted while the box has text, so it searches as the student types even with the list closed.
  const notesGroup = notes && typed && (
    <notes.Group query={value} idPrefix={id} activeId={activeId} onState={setNotesState} onPicked={close} />
  );

  return (
    <Box className={className}>
      <Input
        ref={input}
        type="search"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-describedby={`${id}-status`}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onFocus={() => {
          setOpen(true);
          load();
        }}
        onBlur={close}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
          // Focused before the page was interactive and typed after, so no focus event reached us.
          load();
          loadNotes();
        }}
        onKeyDown={onKeyDown}
      />
      {search ? (
        <search.SearchPopup
          id={listId}
          aria-label={SEARCH_TEXTS.listLabel}
          hidden={!expanded}
          idPrefix={id}
          optionId={optionId}
          hits={expanded ? hits : []}
          activeId={activeId}
          availability={availability}
          onHover={setActive}
          onPick={pick}
        >
          {notesGroup}
        </search.SearchPopup>
      ) : (
        // Until the list's code arrives with the catalog: the listbox the input controls, empty and closed.
        <div id={listId} role="listbox" aria-label={SEARCH_TEXTS.listLabel} hidden={!expanded}>
          {notesGroup}
        </div>
      )}
      <VisuallyHidden id={`${id}-status`} role="status">
        {status}
      </VisuallyHidden>
    </Box>
  );
}
