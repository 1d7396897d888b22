/**
 * The search box's "In the notes" group (decision 040): up to four pages of notes and papers that hold what is
 * typed, and "See all N results". A chunk of its own, fetched on the box's first typing, so Home's first load
 * does not carry it. It renders its options inside the box's listbox and tells the box which of them a student
 * can move to and pick, so arrows and Enter go through both groups as one list.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { PATHS, searchPath } from '@studyhub/contract';
import { SEARCH_QUERY_MIN_LENGTH, type SearchHit } from '@studyhub/contract/schemas';
import { loginStateReturningTo, useApiQuery, useOnline, useSession } from '@studyhub/shared';
import { hitLink, hitPlace, NOTES_SEARCH_TEXTS as TEXTS, Snippet } from './notes-hit';
import { searchNotes } from './search-notes';

/** Hits the box shows; the rest are a tap on "See all" away. */
export const NOTES_HITS_SHOWN = 4;
/** Typing pauses this long before the server is asked. */
export const NOTES_SEARCH_DELAY_MS = 300;

/** A row a student can move to with the arrows and pick. */
export interface NotesItem {
  id: string;
  pick(): void;
}

export interface NotesGroupState {
  /** The group has a row to show (a hit, a message or the login row). */
  shown: boolean;
  items: readonly NotesItem[];
  /** What the box's status line says for this group. */
  status: string;
}

export interface NotesGroupProps {
  query: string;
  /** The box's id: the group's ids start with it. */
  idPrefix: string;
  activeId: string | undefined;
  onState(state: NotesGroupState): void;
  /** A row was picked: the box closes its list. */
  onPicked(): void;
}

/** Three lines of the snippet at most: the box shows four hits on a phone's screen. */
const Excerpt = styled(Snippet)`
  font-size: 0.9rem;
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

/** `value` once it has stayed the same for `delay` ms (the first value too: the group mounts mid-typing). */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

type Row =
  | { kind: 'message'; text: string }
  | { kind: 'login' }
  | { kind: 'hit'; hit: SearchHit; query: string }
  | { kind: 'all'; total: number; more: boolean; query: string };

export default function NotesGroup({ query, idPrefix, activeId, onState, onPicked }: NotesGroupProps) {
  const session = useSession();
  const online = useOnline();
  const navigate = useNavigate();
  const location = useLocation();
  const typed = query.trim();
  const settled = useDebounced(typed, NOTES_SEARCH_DELAY_MS);
  const long = typed.length >= SEARCH_QUERY_MIN_LENGTH;
  const signedIn = session.status === 'authenticated';
  const asked = signedIn && online && long && settled === typed ? settled : null;
  const results = useApiQuery(asked && `search/${asked}`, (signal) => searchNotes(asked ?? '', 1, signal), {
    errorText: TEXTS.failed,
  });

  const rows = ((): Row[] => {
    if (!long || session.status === 'loading') return [];
    if (!signedIn) return [{ kind: 'login' }];
    if (!online) return [{ kind: 'message', text: TEXTS.offline }];
    if (asked === null || results.status === 'loading') return [{ kind: 'message', text: TEXTS.searching }];
    if (results.status === 'error')
      return [{ kind: 'message', text: results.error.offline ? TEXTS.offline : results.error.message }];
    const { hits, total, more } = results.data;
    if (total === 0) return [{ kind: 'message', text: TEXTS.none }];
    const shown = hits.slice(0, NOTES_HITS_SHOWN).map((hit) => ({ kind: 'hit' as const, hit, query: asked }));
    // "See all" only when there is more than the box shows.
    return total > shown.length ? [...shown, { kind: 'all', total, more, query: asked }] : shown;
  })();

  const idOf = (index: number) => `${idPrefix}-notes-${index}`;
  // The current entry keeps the text, so Back from what a row opens finds the box as it was left.
  const go = (to: string, remembered: string) => {
    onPicked();
    navigate(location, { replace: true, state: { ...(location.state as object), search: remembered } });
    navigate(to);
  };
  const pickOf = (row: Row): (() => void) | null => {
    if (row.kind === 'hit') return () => go(hitLink(row.hit, row.query), typed);
    if (row.kind === 'all') return () => go(searchPath(row.query), typed);
    if (row.kind === 'login')
      return () => {
        onPicked();
        navigate(PATHS.login, {
          state: loginStateReturningTo(`${location.pathname}${location.search}`, {
            ...(location.state as object),
            search: typed,
          }),
        });
      };
    return null;
  };

  const items = rows.flatMap((row, index) => {
    const pick = pickOf(row);
    return pick ? [{ id: idOf(index), pick }] : [];
  });
  const last = rows.at(-1);
  const status = !last
    ? ''
    : last.kind === 'message'
      ? last.text
      : last.kind === 'login'
        ? TEXTS.logIn
        : last.kind === 'all'
          ? TEXTS.found(last.total, last.more)
          : '';
  const stateKey = `${rows.length}|${items.map((item) => item.id).join(',')}|${status}|${results.status}|${asked}`;
  useEffect(() => {
    onState({ shown: rows.length > 0, items, status });
    // The rows follow from the key; new closures each render are not a change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stateKey]);

  if (rows.length === 0) return null;
  const labelId = `${idPrefix}-notes-label`;
  return (
    <div role="group" aria-labelledby={labelId}>
      <div id={labelId} aria-hidden="true">
        {TEXTS.group}
      </div>
      {rows.map((row, index) => {
        const pick = pickOf(row);
        const common = {
          id: idOf(index),
          role: 'option',
          'aria-selected': activeId === idOf(index),
        } as const;
        if (!pick)
          return (
            <div key={index} {...common} aria-disabled="true">
              {row.kind === 'message' && row.text}
            </div>
          );
        return (
          <div
            key={index}
            {...common}
            // Keeps the focus in the box, so the click lands before a blur closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={pick}
          >
            {row.kind === 'hit' && (
              <>
                <span>
                  <strong>{row.hit.subjectCode}</strong> {row.hit.subject}
                </span>
                <small>{hitPlace(row.hit)}</small>
                <Excerpt hit={row.hit} />
              </>
            )}
            {row.kind === 'all' && <strong>{TEXTS.seeAll(row.total, row.more)}</strong>}
            {row.kind === 'login' && <strong>{TEXTS.logIn}</strong>}
          </div>
        );
      })}
    </div>
  );
}
