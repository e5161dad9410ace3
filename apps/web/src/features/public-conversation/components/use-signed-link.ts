import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { isCanceledRequest, type RequestResult } from '../../../lib/request';

export type SignedLinkLoad<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  /** `invalid`: the link itself is wrong, expired or names nothing (not a passing failure). */
  | { status: 'failed'; message: string; invalid: boolean };

const MISSING_TOKEN = 'This link is not complete. Please open the full link from your email.';

/** The `?token=` of a signed link and what it loads; a new token aborts the previous call. */
export function useSignedLink<T>(
  load: (token: string, signal: AbortSignal) => Promise<RequestResult<T>>,
) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<{ token: string; value: SignedLinkLoad<T> }>({
    token: '',
    value: { status: 'loading' },
  });
  const [loader] = useState(() => load);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    loader(token, controller.signal).then(
      (result) => {
        if (!isCanceledRequest(result))
          setState({ token, value: { status: 'ready', data: result } });
      },
      (failure: unknown) => {
        const payload = asErrorPayload(failure);
        setState({
          token,
          value: {
            status: 'failed',
            message: payload?.message ?? genericErrorMessage(),
            invalid: payload !== null && [400, 404, 410].includes(payload.status),
          },
        });
      },
    );
    return () => controller.abort();
  }, [token, loader]);

  const value: SignedLinkLoad<T> = !token
    ? { status: 'failed', message: MISSING_TOKEN, invalid: true }
    : state.token === token
      ? state.value
      : { status: 'loading' };
  return { token, state: value };
}
