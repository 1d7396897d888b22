import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { countUnitsWithNotes, unitsWithNotesText, useNotesAvailability } from '@studyhub/shared';
import { visuallyHidden } from '../ui/visually-hidden';
import type { SubjectHit } from './subject-search';

type Search = (query: string) => SubjectHit[];

let loading: Promise<Search> | null = null;

/**
 * The matching code and the catalog arrive on the box's first focus, once per page (decision 017): Home's
 * first load stays without them. A failed load (offline) is tried again on the next focus.
 */
export function loadSubjectSearch(): Promise<Search> {
  if (!loading) {
    loading = import(/* webpackChunkName: "subject-search" */ './subject-search').then(
      (module) => module.searchSubjects,
    );
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

export const SEARCH_TEXTS = {
  loading: 'Loading subjects…',
  failed: 'Could not load the subject list.',
  none: 'No subjects found.',
  found: (count: number) => `${count} ${count === 1 ? 'subject' : 'subjects'} found.`,
  listLabel: 'Subjects',
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

const List = styled.ul`
  position: absolute;
  z-index: 20;
  top: calc(100% + 6px);
  left: 0;
  right: 0;
  margin: 0;
  padding: 6px;
  list-style: none;
  max-height: min(60vh, 420px);
  overflow-y: auto;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};
`;

const Option = styled.li`
  display: grid;
  gap: 2px;
  padding: 10px 12px;
  /* A finger-sized target on a phone. */
  min-height: 44px;
  border-radius: 8px;
  cursor: pointer;
  &[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
  small {
    color: ${({ theme }) => theme.colors.muted};
  }
  .has-notes {
    color: ${({ theme }) => theme.colors.accent};
    font-weight: 600;
  }
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
  const [search, setSearch] = useState<{ run: Search } | null>(null);
  const [failed, setFailed] = useState(false);
  // Which subjects have notes is asked on the first focus, with the subject list (Home's first load stays lean).
  const [focusedOnce, setFocusedOnce] = useState(false);
  const availability = useNotesAvailability(focusedOnce);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const hits = useMemo(() => (search ? search.run(value) : []), [search, value]);
  const typed = value.trim() !== '';
  const expanded = open && typed && hits.length > 0;
  const hitCount = failed ? 0 : search ? hits.length : null;

  useEffect(() => onHitCountChange?.(hitCount), [hitCount, onHitCountChange]);

  function load() {
    setFocusedOnce(true);
    if (search) return;
    setFailed(false);
    loadSubjectSearch().then(
      (run) => setSearch({ run }),
      () => setFailed(true),
    );
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

  function pick(hit: SubjectHit) {
    setOpen(false);
    setActive(-1);
    onPick(hit);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = hits.length;
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
      const hit = expanded && active >= 0 ? hits[active] : undefined;
      if (!hit) return;
      event.preventDefault();
      pick(hit);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
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
  }

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
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-status`}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onFocus={() => {
          setOpen(true);
          load();
        }}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
          // Focused before the page was interactive and typed after, so no focus event reached us.
          load();
        }}
        onKeyDown={onKeyDown}
      />
      <List id={listId} role="listbox" aria-label={SEARCH_TEXTS.listLabel} hidden={!expanded}>
        {expanded &&
          hits.map((hit, index) => (
            <Option
              key={hit.code}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Keeps the focus in the box, so the click lands before a blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(hit)}
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
            </Option>
          ))}
      </List>
      <VisuallyHidden id={`${id}-status`} role="status">
        {status}
      </VisuallyHidden>
    </Box>
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
