import { useState } from 'react';

/**
 * One action at a time on a list's rows (Remove, Unfollow): which row's is under way, and the server's message
 * when the last one was refused.
 */
export function useRowAction(action: (id: string) => Promise<{ ok: true } | { ok: false; message: string }>) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  async function run(id: string) {
    setBusy(id);
    setProblem(null);
    const result = await action(id);
    if (!result.ok) setProblem(result.message);
    setBusy(null);
  }
  return { busy, problem, run };
}
