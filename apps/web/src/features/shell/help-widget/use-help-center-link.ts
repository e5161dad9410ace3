import { useEffect, useState } from 'react';
import {
  HELP_CENTER_DEFAULT,
  HELP_CENTER_PATHS,
  helpCenterPagePath,
  type PublicHelpCenter,
} from '@parley/contracts';
import { asErrorPayload } from '../../../lib/api-error';
import { ANONYMOUS, http, isCanceledRequest } from '../../../lib/request';
import { HELP_CENTER_URL } from '../shell-config';
import { t } from '@lingui/core/macro';

/** Where the help menu's Help Center entry leads, or why it leads nowhere. */
export type HelpCenterLink = { to: string } | { to: null; reason: string };

export const noHelpCenterReason = () =>
  t`No help center is published yet: articles published in Settings → Help center appear here.`;

/** Whether a public help center answers (404: it does not exist or has nothing published). */
async function published(center: string | number, signal: AbortSignal): Promise<boolean | null> {
  try {
    const answer = await http.get<PublicHelpCenter>(HELP_CENTER_PATHS.publicCenter(center), {
      ...ANONYMOUS,
      signal,
    });
    return isCanceledRequest(answer) ? null : true;
  } catch (failure) {
    // Anything but "not there" (offline, a 5xx) keeps the link: the page says what went wrong.
    return asErrorPayload(failure)?.status !== 404;
  }
}

/**
 * The Help Center entry of the help menu. That is the
 * operator's own help center, which exists only where OPERATOR_ACCOUNT_ID (or the demo) names
 * one: elsewhere it leads to the workspace's own public help center (/help-center/{account id}),
 * and when that has nothing published either, to nothing, with the reason. A deployment that
 * sets its own address (VITE_HELP_CENTER_URL) is taken as it is. Asked while `active` (the menu
 * is shown), with public calls only.
 */
export function useHelpCenterLink(accountId: number | undefined, active: boolean): HelpCenterLink {
  const configured = HELP_CENTER_URL !== helpCenterPagePath(HELP_CENTER_DEFAULT);
  const [link, setLink] = useState<HelpCenterLink>({ to: HELP_CENTER_URL });

  useEffect(() => {
    if (!active || configured) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      const operators = await published(HELP_CENTER_DEFAULT, signal);
      if (operators === null) return;
      if (operators) {
        setLink({ to: HELP_CENTER_URL });
        return;
      }
      const own = accountId === undefined ? false : await published(accountId, signal);
      if (own === null) return;
      setLink(
        own && accountId !== undefined
          ? { to: helpCenterPagePath(accountId) }
          : { to: null, reason: noHelpCenterReason() },
      );
    })();
    return () => controller.abort();
  }, [active, configured, accountId]);

  return configured ? { to: HELP_CENTER_URL } : link;
}
