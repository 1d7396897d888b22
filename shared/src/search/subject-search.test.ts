import { describe, expect, it } from '@jest/globals';
import { SUBJECTS } from '@studyhub/contract/catalog';
import { MAX_SUBJECT_HITS, searchSubjects } from './subject-search';

const codes = (query: string) => searchSubjects(query).map((hit) => hit.code);

describe('searchSubjects: the examples of issue 13', () => {
  it.each(['compiler', 'Compiler', 'COMPILER', '  compiler  ', 'compiler design', 'design compiler'])(
    '%p finds Compiler Design first',
    (query) => {
      expect(codes(query)[0]).toBe('CS-603(C)');
    },
  );

  it.each(['cs-603', 'CS603', 'cs 603', 'Cs-603', '603'])(
    '%p finds the three CS-603 electives by code',
    (query) => {
      const hits = searchSubjects(query);
      expect(hits.map((hit) => hit.code)).toEqual(['CS-603(A)', 'CS-603(B)', 'CS-603(C)']);
      expect(hits.every((hit) => hit.matchedBy === 'code')).toBe(true);
    },
  );

  it('a full code finds that subject alone, whatever its spelling', () => {
    for (const query of ['CS-603(C)', 'cs603c', 'cs-603 (c)']) expect(codes(query)).toEqual(['CS-603(C)']);
  });

  it('"dbms" finds the core database subject first, by the name the letters stand for, then the elective', () => {
    const hits = searchSubjects('dbms');
    expect(hits.map((hit) => hit.code).slice(0, 2)).toEqual(['CS-502', 'CS-504(C)']);
    expect(hits[0]).toMatchObject({ matchedBy: 'name', name: 'Database Management Systems' });
  });

  it.each([
    ['oop', 'CS-305'],
    ['toc', 'CS-501'],
    ['tc', 'CS-501'],
    ['ml', 'CS-601'],
    ['cn', 'CS-602'],
    ['iot', 'CS-801'],
  ])('the abbreviation %p finds %s by the initials of its name', (query, code) => {
    const hits = searchSubjects(query);
    expect(hits[0]).toMatchObject({ code, matchedBy: 'name' });
  });

  it('finds a subject by a unit topic and says which', () => {
    expect(searchSubjects('lexical analysis')).toEqual([
      expect.objectContaining({
        code: 'CS-603(C)',
        matchedBy: 'topic',
        topic: 'Compiler phases & lexical analysis',
      }),
    ]);
  });

  it('finds a subject by its other spelling', () => {
    expect(codes('workshop practice')[0]).toBe('BT-106');
  });
});

describe('searchSubjects: ranking by words', () => {
  // What a student types, and the subject they mean: the first hit must be it.
  it.each([
    ['turing', 'CS-501'],
    ['normalization', 'CS-502'],
    ['normalisation', 'CS-502'],
    ['normalis', 'CS-502'],
    ['sql', 'CS-504(C)'],
    ['dbms', 'CS-502'],
    ['rdbms', 'CS-502'],
    ['os', 'CS-405'],
    ['toc', 'CS-501'],
    ['cn', 'CS-602'],
    ['daa', 'CS-402'],
    ['coa', 'CS-404'],
    ['dsa', 'CS-303'],
    ['java', 'CS-406(A)'],
    ['network', 'CS-602'],
    ['machine', 'CS-601'],
    ['automata', 'CS-501'],
    ['welding', 'BT-106'],
    ['database', 'CS-502'],
    ['data analytics', 'CS-503(A)'],
    ['optimisation', 'CS-802(C)'],
  ])('%p finds %s first', (query, code) => {
    expect(codes(query)[0]).toBe(code);
  });

  it('finds a subject by the words of its description, and says so', () => {
    expect(searchSubjects('normalization')[0]).toMatchObject({ code: 'CS-502', matchedBy: 'description' });
    expect(codes('sql')).toEqual(expect.arrayContaining(['CS-502', 'CS-504(C)']));
  });

  it('puts a word start anywhere before a match inside a word ("turing" is not Manufacturing first)', () => {
    expect(codes('turing').indexOf('CS-501')).toBeLessThan(codes('turing').indexOf('BT-106'));
  });

  it('puts code matches before name matches before topic matches before description matches', () => {
    const order = { code: 0, name: 1, topic: 2, description: 3 };
    for (const query of ['cs', 'data', 'python', 'network', 'bt', 'learning', 'security']) {
      const fields = searchSubjects(query).map((hit) => order[hit.matchedBy]);
      expect(fields).toEqual([...fields].sort((a, b) => a - b));
    }
  });

  it('puts a core subject before an elective matched as well', () => {
    // Both are "Object Oriented Programming" by the initials; CS-504(B) is one of three electives.
    expect(codes('oop').slice(0, 2)).toEqual(['CS-305', 'CS-504(B)']);
    // Both have the word in their name; CS-506 is the core lab, CS-406(C) an elective.
    expect(codes('python').slice(0, 2)).toEqual(['CS-506', 'CS-406(C)']);
  });

  it('ranks a name that starts with the query before one that has it later', () => {
    // "Computer Networks" starts with it; "Basic Computer Engineering" has it at its second word.
    const found = codes('computer');
    expect(found.indexOf('CS-602')).toBeLessThan(found.indexOf('BT-205'));
  });

  it('ranks a subject about the query before one mentioning it once', () => {
    // CS-504(B) "Object Oriented Programming" is an exact name; CS-305 has it at the start of a longer name.
    expect(codes('object oriented programming').slice(0, 2)).toEqual(['CS-504(B)', 'CS-305']);
  });

  it('gives at most a handful of hits', () => {
    expect(searchSubjects('a')).toHaveLength(MAX_SUBJECT_HITS);
    expect(searchSubjects('cs').length).toBe(MAX_SUBJECT_HITS);
    expect(searchSubjects('data').length).toBeLessThanOrEqual(MAX_SUBJECT_HITS);
    expect(searchSubjects('cs', 2)).toHaveLength(2);
  });

  it('does not find noise inside words for short queries ("ml" in HTML, "oop" in Hadoop)', () => {
    expect(codes('ml')).toEqual(['CS-601']);
    expect(codes('oop')).not.toContain('CS-702(D)');
  });
});

describe('searchSubjects: what a hit carries', () => {
  it('opens the subject page with branch, year key and semester, and counts its units', () => {
    expect(searchSubjects('compiler')[0]).toEqual({
      code: 'CS-603(C)',
      name: 'Compiler Design',
      year: 3,
      semester: 6,
      where: 'Third Year · Semester 6',
      matchedBy: 'name',
      units: 5,
      path: '/notes/CS-603(C)',
      state: { branch: 'CSE', year: 'ThirdYear', semester: '6' },
    });
  });

  it('every subject of the catalog can be found by its own code, with its own context', () => {
    for (const subject of SUBJECTS) {
      const hit = searchSubjects(subject.code)[0];
      expect(hit).toMatchObject({ code: subject.code, path: `/notes/${encodeURIComponent(subject.code)}` });
      expect(hit?.state.semester).toBe(String(subject.semester));
    }
  });
});

describe('searchSubjects: odd input', () => {
  it.each(['', ' ', '   \t\n ', '---', '()', '&'])('%p finds nothing', (query) => {
    expect(searchSubjects(query)).toEqual([]);
  });

  it.each(['constructor', '__proto__', 'toString'])(
    'reads %p as a word, not a property of a lookup table',
    (query) => {
      expect(() => searchSubjects(query)).not.toThrow();
    },
  );

  it.each(['.*', '(', '[a-z]+', '\\', '$^', 'c++', '?', '|'])('treats %p as text, not a pattern', (query) => {
    expect(() => searchSubjects(query)).not.toThrow();
  });

  it('reads punctuation as a word break: "c++" is the letter c, "data-structure" is two words', () => {
    expect(codes('c++')).toEqual(codes('c'));
    expect(codes('data-structure')[0]).toBe('CS-303');
    expect(codes('.*')).toEqual([]);
  });

  it('a 10,000-character query answers at once and finds nothing', () => {
    const started = performance.now();
    expect(searchSubjects('compiler'.repeat(1250))).toEqual([]);
    expect(searchSubjects('x'.repeat(10_000))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('a long query is read up to its first 100 characters', () => {
    expect(codes(`compiler${' '.repeat(10_000)}zzz`)[0]).toBe('CS-603(C)');
  });

  it('ignores accents and compatibility forms, and finds nothing for other scripts', () => {
    expect(codes('cömpîler')[0]).toBe('CS-603(C)');
    expect(codes('ＣＳ６０３')).toEqual(['CS-603(A)', 'CS-603(B)', 'CS-603(C)']);
    expect(searchSubjects('संकलक')).toEqual([]);
    expect(searchSubjects('😀')).toEqual([]);
    expect(searchSubjects('\u0000\u200b')).toEqual([]);
  });
});
