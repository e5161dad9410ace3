import { useEffect, useRef, useState } from 'react';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { isCanceledRequest } from '../../../lib/request';

export type Load<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; message: string; missing: boolean };

/**
 * The last answer, kept when the page goes: a page that switches the app's language is mounted
 * afresh in it (page-language.ts) and shows the same answer at once while it asks again.
 */
let lastAnswer: { key: string; data: unknown } | null = null;

/** Loads a public resource; a new key aborts the previous call. The last answer stays shown while the next one loads. */
export function usePublic<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T | { canceled: true }>,
) {
  const [state, setState] = useState<{ key: string; value: Load<T> }>(() =>
    lastAnswer?.key === key
      ? { key, value: { status: 'ready', data: lastAnswer.data as T } }
      : { key: '', value: { status: 'loading' } },
  );
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });
  useEffect(() => {
    const controller = new AbortController();
    latestLoad.current(controller.signal).then(
      (result) => {
        if (isCanceledRequest(result)) return;
        lastAnswer = { key, data: result };
        setState({ key, value: { status: 'ready', data: result as T } });
      },
      (failure: unknown) => {
        const payload = asErrorPayload(failure);
        setState({
          key,
          value: {
            status: 'failed',
            message: payload?.message ?? genericErrorMessage(),
            missing: payload?.status === 404,
          },
        });
      },
    );
    return () => controller.abort();
  }, [key]);
  if (state.key === key || state.value.status === 'ready') return state.value;
  return { status: 'loading' } as Load<T>;
}
