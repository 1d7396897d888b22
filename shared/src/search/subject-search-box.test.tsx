import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { apiClient } from '../api/client';
import { renderWithProviders } from '../testing';
import { AppProviders } from '../providers';
import type { SubjectHit } from './subject-search';
import { SubjectSearchBox } from './subject-search-box';

function Harness({ onPick }: { onPick(hit: SubjectHit): void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SubjectSearchBox label="Search subjects" value={value} onValueChange={setValue} onPick={onPick} />
      <button type="button">elsewhere</button>
    </>
  );
}

function renderBox() {
  const onPick = jest.fn<(hit: SubjectHit) => void>();
  renderWithProviders(<Harness onPick={onPick} />);
  return { onPick, box: screen.getByRole('combobox', { name: 'Search subjects' }) };
}

/** The subjects group's options (the notes group, signed out here, offers its login row beside them). */
const options = () => {
  const group = screen.queryByRole('group', { name: 'Subjects', hidden: true });
  return group ? within(group).queryAllByRole('option', { hidden: true }) : [];
};
const LOG_IN = 'Log in to search inside the notes';
const status = () => screen.getByRole('status');

let get: jest.SpiedFunction<typeof apiClient.get>;

beforeEach(() => {
  // Which subjects have notes: unanswered unless a case says otherwise.
  get = jest.spyOn(apiClient, 'get').mockReturnValue(new Promise(() => undefined) as never);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('SubjectSearchBox', () => {
  it('starts as a closed combobox tied to its listbox', () => {
    const { box } = renderBox();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox', { hidden: true }).id);
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(status()).toHaveTextContent('');
  });

  it('lists matching subjects as the visitor types and announces the count', async () => {
    const { box } = renderBox();
    await userEvent.type(box, 'cs603');
    expect(await screen.findByRole('group', { name: 'Subjects' })).toBeVisible();
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(options().map((option) => option.textContent)).toEqual([
      expect.stringContaining('CS-603(A) Advanced Computer Architecture'),
      expect.stringContaining('CS-603(B) Computer Graphics & Visualization'),
      expect.stringContaining('CS-603(C) Compiler Design'),
    ]);
    expect(status()).toHaveTextContent('3 subjects found.');
    await userEvent.type(box, 'c');
    expect(status()).toHaveTextContent('1 subject found.');
  });

  it('arrows move through the hits and on to the notes group, wrapping at both ends; Enter opens the active one', async () => {
    const { box, onPick } = renderBox();
    await userEvent.type(box, 'cs603');
    await screen.findByRole('listbox');
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');

    await userEvent.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('CS-603(A)');
    expect(active()).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toHaveTextContent('CS-603(C)');
    // The notes group's row (signed out: its login) follows in the same list.
    await screen.findByRole('option', { name: LOG_IN });
    await userEvent.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent(LOG_IN);
    await userEvent.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('CS-603(A)');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(active()).toHaveTextContent('CS-603(C)');
    expect(options().filter((option) => option.getAttribute('aria-selected') === 'true')).toHaveLength(1);

    expect(screen.getAllByRole('option', { selected: true })).toHaveLength(1);
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'CS-603(C)',
        path: '/notes/CS-603(C)',
        state: { branch: 'CSE', year: 'ThirdYear', semester: '6' },
      }),
    );
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter without an active hit opens nothing', async () => {
    const { box, onPick } = renderBox();
    await userEvent.type(box, 'compiler');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Enter}');
    expect(onPick).not.toHaveBeenCalled();
  });

  it('Escape closes the list and keeps the text; a second Escape clears it', async () => {
    const { box } = renderBox();
    await userEvent.type(box, 'compiler');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('compiler');
    expect(box).toHaveFocus();

    // Down opens it again at the first hit.
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}{Escape}');
    expect(box).toHaveValue('');
  });

  it('a click or tap on a hit opens it', async () => {
    const { box, onPick } = renderBox();
    await userEvent.type(box, 'dbms');
    await screen.findByRole('listbox');
    await userEvent.click(screen.getByRole('option', { name: /CS-502 Database Management Systems/ }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ code: 'CS-502' }));
  });

  it('shows why a topic hit matched', async () => {
    const { box } = renderBox();
    await userEvent.type(box, 'lexical');
    expect(
      (await screen.findByRole('group', { name: 'Subjects' })).firstElementChild?.nextElementSibling,
    ).toHaveTextContent(
      'CS-603(C) Compiler DesignThird Year · Semester 6 · Compiler phases & lexical analysis',
    );
  });

  it('says when no subject matches and lists none (the notes group may still have rows)', async () => {
    const { box } = renderBox();
    await userEvent.type(box, 'zzzz');
    expect(await screen.findByText(/No subjects found\./)).toBeInTheDocument();
    expect(options()).toHaveLength(0);
    expect(await screen.findByRole('option', { name: LOG_IN })).toBeVisible();
  });

  it('closes when the focus leaves, and reopens on return', async () => {
    const { box } = renderBox();
    await userEvent.type(box, 'compiler');
    await screen.findByRole('listbox');
    await userEvent.tab();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(status()).toHaveTextContent('');
    await userEvent.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('arrows do nothing on an empty box', async () => {
    const { box } = renderBox();
    await userEvent.click(box);
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  describe('on a prerendered page, before React listens', () => {
    /** The page as the build prerendered it, with what the visitor did to it before it was hydrated. */
    function hydrateAfter(visit: (box: HTMLInputElement) => void) {
      const onPick = jest.fn<(hit: SubjectHit) => void>();
      const page = (
        <MemoryRouter>
          <AppProviders siteConfig={null}>
            <Harness onPick={onPick} />
          </AppProviders>
        </MemoryRouter>
      );
      const container = document.body.appendChild(document.createElement('div'));
      container.innerHTML = renderToString(page);
      const early = container.querySelector('input');
      if (!early) throw new Error('No box was prerendered');
      visit(early);
      render(page, { container, hydrate: true });
      return screen.getByRole('combobox', { name: 'Search subjects' });
    }

    it('takes over what was typed into the focused box and lists its hits', async () => {
      const box = hydrateAfter((early) => {
        early.focus();
        early.value = 'cs603';
      });
      expect(await screen.findByRole('group', { name: 'Subjects' })).toBeVisible();
      expect(status()).toHaveTextContent('3 subjects found.');
      await userEvent.type(box, 'c');
      expect(status()).toHaveTextContent('1 subject found.');
    });

    it('keeps text typed into a box the visitor has left, closed until the box is focused again', async () => {
      const box = hydrateAfter((early) => {
        early.value = 'compiler';
      });
      expect(box).toHaveValue('compiler');
      expect(box).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(box);
      expect(await screen.findByRole('group', { name: 'Subjects' })).toBeVisible();
      expect(status()).toHaveTextContent('1 subject found.');
    });
  });
});

describe('SubjectSearchBox: which subjects have notes', () => {
  const hitFor = (code: string) => {
    const hit = options().find((option) => option.textContent?.startsWith(`${code} `));
    if (!hit) throw new Error(`No hit for ${code}`);
    return hit;
  };

  it('asks nothing before the first focus, once on it, and shows each hit’s count', async () => {
    get.mockResolvedValue({
      data: {
        branch: 'CSE',
        subjects: {
          'CS-603(C)': { units: [1, 4], papers: 0, questions: 0 },
          'CS-603(A)': { units: [2], papers: 1, questions: 3 },
        },
      },
    });
    const { box } = renderBox();
    expect(get).not.toHaveBeenCalled();
    await userEvent.type(box, 'cs603');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]![0]).toBe('/api/notes/availability');
    expect(await within(hitFor('CS-603(C)')).findByText('Notes: 2 of 5 units')).toBeInTheDocument();
    expect(hitFor('CS-603(A)')).toHaveTextContent('Notes: 1 of 5 units');
    expect(hitFor('CS-603(B)')).toHaveTextContent('No notes yet');

    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    await userEvent.click(box);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('leaves counts out while they are unknown or could not be read', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    get.mockRejectedValue(new Error('Network Error'));
    const { box } = renderBox();
    await userEvent.type(box, 'cs603');
    await screen.findByRole('listbox');
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(options()).toHaveLength(3);
    for (const option of options()) expect(option).not.toHaveTextContent(/Notes:|No notes yet/);
  });
});
