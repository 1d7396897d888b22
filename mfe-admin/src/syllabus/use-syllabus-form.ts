import { notify } from '@studyhub/shared';
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
  const [busy, setBusy] = useState(false);

  const change = (changes: Partial<SyllabusDraft>) => {
    setFailure(null);
    setDraft((current) => ({ ...current, ...changes }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = draftProblems(draft);
    setProblems(found);
    if (found) return;
    setBusy(true);
    setFailure(null);
    try {
      setDraft(await send(draft));
    } catch (error) {
      const { text, detail } = describeFailure(error);
      notify.error(text);
      setFailure(detail && detail !== text ? `${text} ${detail}` : text);
    } finally {
      setBusy(false);
    }
  }

  return { draft, problems, failure, busy, change, submit };
}
