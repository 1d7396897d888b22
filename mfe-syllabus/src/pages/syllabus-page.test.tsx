import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import type { SyllabusEntry } from '@studyhub/contract/schemas';
import { MESSAGES } from '@studyhub/contract';
import { networkError, renderWithProviders, setBrowserOnline, STUDENT } from '@studyhub/shared/testing';
import { SyllabusArea } from '../syllabus-area';

const LOADING = 'Loading syllabus...';
const EMPTY = 'No results match your filters.';
const DEFAULT_PARAMS = { program: 'B.Tech', system: 'Semester', grading: 'Grading', uploadType: 'Syllabus' };
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII'];

function entry(overrides: Partial<SyllabusEntry> = {}): SyllabusEntry {
  return {
    _id: 'e1',
    name: 'Computer Science',
    code: 'CSE',
    program: 'B.Tech',
    system: 'Semester',
    grading: 'Grading',
    uploadType: 'Syllabus',
    pdfs: { '1': 'https://example.org/cse-1.pdf', '3': 'https://example.org/cse-3.pdf' },
    createdAt: '2025-05-09T10:00:00.000Z',
    ...overrides,
  };
}

let get: jest.SpiedFunction<typeof apiClient.get>;

const answer = (entries: SyllabusEntry[]) => ({ data: entries }) as never;
const renderPage = () =>
  renderWithProviders(<SyllabusArea page="syllabus" />, { route: '/syllabus', user: STUDENT });
const paramsOf = (call: number) => (get.mock.calls[call]?.[1] as { params: unknown } | undefined)?.params;
const cards = () => screen.queryAllByTestId('syllabus-card');

beforeEach(() => {
  get = jest.spyOn(apiClient, 'get').mockResolvedValue(answer([]));
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('SyllabusPage filters', () => {
  it('shows the RGPV title and four labelled selects with the SPEC options and defaults', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'RGPV Syllabus & Scheme' })).toBeInTheDocument();

    const expected: [string, string, string[]][] = [
      ['Upload Type', 'Syllabus', ['Scheme', 'Syllabus']],
      ['Program', 'B.Tech', ['B.Tech', 'MCA', 'MCA Dual Degree', 'BE']],
      ['System Type', 'Semester', ['Semester', 'Annual', 'All']],
      [
        'Grading System',
        'Grading System',
        ['Grading System', 'Non Grading System', 'Lateral Entry', 'CBCS', 'CBGS', 'As per COA'],
      ],
    ];
    for (const [label, selected, options] of expected) {
      const select = screen.getByRole<HTMLSelectElement>('combobox', { name: label });
      expect(select.selectedOptions[0]?.textContent).toBe(selected);
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(options);
    }
    expect(screen.getByRole('combobox', { name: 'Grading System' })).toHaveValue('Grading');
    await screen.findByText(EMPTY);
  });

  it('asks for the default filters once, at /api/syllabus', async () => {
    renderPage();
    await screen.findByText(EMPTY);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]?.[0]).toBe('/api/syllabus');
    expect(paramsOf(0)).toEqual(DEFAULT_PARAMS);
  });

  it.each([
    ['Upload Type', 'Scheme', { uploadType: 'Scheme' }],
    ['Program', 'MCA', { program: 'MCA' }],
    ['Program', 'MCA Dual Degree', { program: 'MCA Dual Degree' }],
    ['Program', 'BE', { program: 'BE' }],
    ['System Type', 'Annual', { system: 'Annual' }],
    ['System Type', 'All', { system: 'All' }],
    ['Grading System', 'Non Grading System', { grading: 'Non Grading System' }],
    ['Grading System', 'Lateral Entry', { grading: 'Lateral Entry' }],
    ['Grading System', 'CBCS', { grading: 'CBCS' }],
    ['Grading System', 'CBGS', { grading: 'CBGS' }],
    ['Grading System', 'As per COA', { grading: 'As per COA' }],
  ])('choosing %s "%s" asks again with %p', async (label, option, change) => {
    renderPage();
    await screen.findByText(EMPTY);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: label }), option);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(paramsOf(1)).toEqual({ ...DEFAULT_PARAMS, ...change });
    await screen.findByText(EMPTY);
  });

  it('sends "Grading" again after going back to "Grading System"', async () => {
    renderPage();
    await screen.findByText(EMPTY);
    const grading = screen.getByRole('combobox', { name: 'Grading System' });
    await userEvent.selectOptions(grading, 'CBCS');
    await userEvent.selectOptions(grading, 'Grading System');
    await waitFor(() => expect(get).toHaveBeenCalledTimes(3));
    expect(paramsOf(2)).toEqual(DEFAULT_PARAMS);
  });

  it('keeps earlier choices when another filter changes', async () => {
    renderPage();
    await screen.findByText(EMPTY);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Program' }), 'MCA');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'System Type' }), 'All');
    await waitFor(() => expect(get).toHaveBeenCalledTimes(3));
    expect(paramsOf(2)).toEqual({ ...DEFAULT_PARAMS, program: 'MCA', system: 'All' });
  });

  it('ignores a slower answer for filters no longer selected', async () => {
    let answerFirst: (value: unknown) => void = () => undefined;
    get
      .mockReset()
      .mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)) as never)
      .mockResolvedValueOnce(answer([entry({ _id: 'mca', name: 'Computer Applications', code: 'MCA' })]));
    renderPage();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Program' }), 'MCA');
    expect(await screen.findByRole('heading', { name: 'Computer Applications (MCA)' })).toBeInTheDocument();

    answerFirst(answer([entry()]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cards()).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Computer Science (CSE)' })).not.toBeInTheDocument();
  });
});

describe('SyllabusPage states', () => {
  it('shows "Loading syllabus..." until the list arrives', async () => {
    get.mockReturnValue(new Promise(() => undefined) as never);
    renderPage();
    expect(screen.getByText(LOADING)).toBeInTheDocument();
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
  });

  it('shows the loading text again while a changed filter loads', async () => {
    renderPage();
    await screen.findByText(EMPTY);
    get.mockReturnValue(new Promise(() => undefined) as never);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Program' }), 'BE');
    expect(screen.getByText(LOADING)).toBeInTheDocument();
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
  });

  it('shows "No results match your filters." for an empty list', async () => {
    renderPage();
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
    expect(screen.queryByText(LOADING)).not.toBeInTheDocument();
    expect(cards()).toHaveLength(0);
  });

  it('only logs a failed fetch and shows the no-results text', async () => {
    const error = new Error('Network Error');
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    get.mockRejectedValue(error);
    renderPage();
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(expect.any(String), error);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('SyllabusPage cards', () => {
  it('titles each card "name (code)"', async () => {
    get.mockResolvedValue(
      answer([entry(), entry({ _id: 'e2', name: 'Information Technology', code: 'IT', pdfs: {} })]),
    );
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Computer Science (CSE)' });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Information Technology (IT)' }),
    ).toBeInTheDocument();
    expect(cards()).toHaveLength(2);
  });

  it('has eight tiles "I – SEM" to "VIII – SEM": links where a PDF exists, disabled elsewhere', async () => {
    get.mockResolvedValue(answer([entry()]));
    renderPage();
    const [card] = await screen.findAllByTestId('syllabus-card');
    const tiles = within(card!).getAllByRole('listitem');
    expect(tiles.map((tile) => tile.textContent)).toEqual(ROMAN.map((numeral) => `${numeral} – SEM`));

    const links = within(card!).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['I – SEM', 'III – SEM']);
    expect(links[0]).toHaveAttribute('href', 'https://example.org/cse-1.pdf');
    expect(links[1]).toHaveAttribute('href', 'https://example.org/cse-3.pdf');
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    for (const numeral of ['II', 'IV', 'V', 'VI', 'VII', 'VIII']) {
      const tile = within(card!).getByText(`${numeral} – SEM`);
      expect(tile).toHaveAttribute('aria-disabled', 'true');
      expect(tile.tagName).not.toBe('A');
      expect(tile).not.toHaveAttribute('href');
    }
  });

  it('makes all eight tiles links when every semester has a PDF', async () => {
    const pdfs = Object.fromEntries(
      ROMAN.map((_, i) => [String(i + 1), `https://example.org/s${i + 1}.pdf`]),
    );
    get.mockResolvedValue(answer([entry({ pdfs })]));
    renderPage();
    const [card] = await screen.findAllByTestId('syllabus-card');
    const links = within(card!).getAllByRole('link');
    expect(links).toHaveLength(8);
    links.forEach((link, i) => {
      expect(link).toHaveAccessibleName(`${ROMAN[i]} – SEM`);
      expect(link).toHaveAttribute('href', `https://example.org/s${i + 1}.pdf`);
    });
  });
});

describe('SyllabusArea', () => {
  it('sends unknown pages home', () => {
    renderWithProviders(<SyllabusArea page="nope" />, { route: '/syllabus', user: STUDENT });
    expect(screen.queryByRole('heading', { name: 'RGPV Syllabus & Scheme' })).not.toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });
});

describe('SyllabusPage offline (decision 037)', () => {
  it('says the visitor is offline instead of "no results", and loads by itself when the connection returns', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setBrowserOnline(false);
    get.mockRejectedValueOnce(networkError());
    renderPage();
    expect(await screen.findByTestId('offline-notice')).toHaveTextContent(MESSAGES.offline);
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();

    get.mockResolvedValueOnce(answer([entry()]));
    setBrowserOnline(true);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByTestId('offline-notice')).not.toBeInTheDocument();
  });
});
