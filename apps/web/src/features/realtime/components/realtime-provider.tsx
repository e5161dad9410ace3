import { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type Pusher from 'pusher-js';
import {
  REALTIME_CONFIG_PATH,
  REALTIME_EVENTS,
  dcuserPanelChannel,
  globalSettingsChannel,
  type RealtimeConfig,
  type RealtimeEventPayloads,
} from '@parley/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { http, isCanceledRequest } from '../../../lib/request';
import { currentAccountId, hasSession } from '../../../lib/session';
import { useGetMeQuery } from '../../auth';
import { globalSettingsReceived } from '../../global-settings';
import { connectWithPusherJs, pusherOptions } from '../pusher-client';
import {
  RealtimeConnectorContext,
  RealtimeContext,
  type RealtimeConnector,
} from '../realtime-context';

/** Waits before asking for the realtime config again after a failure (then stays at the last). */
export const CONFIG_RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

interface RealtimeProviderProps {
  children: ReactNode;
  /** Overrides the connector (tests); otherwise RealtimeConnectorContext, then pusher-js. */
  connect?: RealtimeConnector;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

async function loadConfig(signal: AbortSignal): Promise<RealtimeConfig | null> {
  for (let attempt = 0; !signal.aborted; attempt += 1) {
    try {
      const result = await http.get<RealtimeConfig>(REALTIME_CONFIG_PATH, { signal });
      if (isCanceledRequest(result)) return null;
      return result;
    } catch {
      // Realtime is a live layer over data the screens fetch anyway: keep trying, calmly.
      const delay = CONFIG_RETRY_DELAYS_MS[Math.min(attempt, CONFIG_RETRY_DELAYS_MS.length - 1)];
      await sleep(delay ?? 60_000, signal);
    }
  }
  return null;
}

/**
 * One pusher-js connection per signed-in session, mounted by the logged-in shell only (docs/product/screens.md:
 * none on /login, /signup, /widget-demo). It subscribes the user's panel0 channel and the
 * account's global-settings channel; a new account or user means a new connection, and
 * unmounting (sign-out, session end) disconnects.
 */
export function RealtimeProvider({ children, connect }: RealtimeProviderProps) {
  const dispatch = useAppDispatch();
  const injected = useContext(RealtimeConnectorContext);
  const connector = connect ?? injected ?? connectWithPusherJs;
  const { data: me } = useGetMeQuery(undefined, { skip: !hasSession() });
  const userId = me?.id ?? null;
  const accountId = currentAccountId();
  const [client, setClient] = useState<Pusher | null>(null);

  useEffect(() => {
    if (userId === null || accountId === null) return;
    const controller = new AbortController();
    let created: Pusher | null = null;

    void (async () => {
      const config = await loadConfig(controller.signal);
      if (!config || controller.signal.aborted) return;
      let pusher: Pusher;
      try {
        pusher = await connector(config.key, pusherOptions(config));
      } catch (error) {
        console.warn('Live updates are unavailable: the realtime client failed to load.', error);
        return;
      }
      if (controller.signal.aborted) {
        pusher.disconnect();
        return;
      }
      created = pusher;
      pusher
        .subscribe(globalSettingsChannel(accountId))
        .bind(
          REALTIME_EVENTS.globalSettingsUpdated,
          (settings: RealtimeEventPayloads['global_settings_updated']) =>
            dispatch(globalSettingsReceived(settings)),
        );
      pusher.subscribe(dcuserPanelChannel(userId));
      setClient(pusher);
    })();

    return () => {
      controller.abort();
      created?.disconnect();
      setClient(null);
    };
  }, [connector, dispatch, userId, accountId]);

  const value = useMemo(
    () => ({ client, userId: client ? userId : null, accountId: client ? accountId : null }),
    [client, userId, accountId],
  );
  return <RealtimeContext value={value}>{children}</RealtimeContext>;
}
