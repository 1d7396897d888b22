import { useMutation } from '@studyhub/shared';
import { useState, type FormEvent } from 'react';
import { draftProblems, type DraftProblems, type SyllabusDraft } from './syllabus-draft';

export interface FailureText {
  /** product §8's text, toasted. */
  text: string;
  /** The server's reason, if it gave one, shown after the text beside the form. */
  detail: string;
}

interface SyllabusFormOptions {
  initial(): SyllabusDraft;
  /** Sends a checked draft; resolves once it is stored, and returns the draft to show next. */
  send(draft: SyllabusDraft): Promise<SyllabusDraft>;
  describeFailure(error: unknown): FailureText;
}

/**
 * The state and submit flow of both syllabus forms (add page, inline editor): checks before sending, a busy
 * state, and a failure shown as a toast and beside the form.
 */
export function useSyllabusForm({ initial, send, describeFailure }: SyllabusFormOptions) {
  const [draft, setDraft] = useState<SyllabusDraft>(initial);
  const [problems, setProblems] = useState<DraftProblems | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const saving = useMutation(send, {
    onSuccess: (next) => setDraft(next),
    errorToast: (error) => describeFailure(error).text,
    onError(error) {
      const { text, detail } = describeFailure(error);
      setFailure(detail && detail !== text ? `${text} ${detail}` : text);
    },
  });

  const change = (changes: Partial<SyllabusDraft>) => {
    setFailure(null);
    setDraft((current) => ({ ...current, ...changes }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving.busy) return;
    const found = draftProblems(draft);
    setProblems(found);
    if (found) return;
    setFailure(null);
    void saving.run(draft);
  }

  return { draft, problems, failure, busy: saving.busy, change, submit };
}
