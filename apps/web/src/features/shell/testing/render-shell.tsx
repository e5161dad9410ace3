import { screen } from '@testing-library/react';
import type { Me } from '@parley/contracts';
import { UserMenu } from '../../../app/user-menu';
import { makeStore } from '../../../app/store';
import { fakeApi, json, type Reply } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { useGetMeQuery } from '../../auth';
import { RealtimeProvider } from '../../realtime';
import { fakeRealtime } from '../../realtime/testing';
import { ShellBanner } from '../banners/shell-banner';
import { ShellProvider } from '../shell-provider';

// Test support: the shell's pieces as the app layout mounts them (banner, provider with its
// modals and floating buttons, the user menu), over the fake server and a fake realtime client.

export const REALTIME_CONFIG = {
  key: 'parley-key',
  wsHost: 'localhost',
  wsPort: 6001,
  forceTLS: false,
  cluster: 'parley',
  enabledTransports: ['ws'],
};

/** Shows once Me has loaded, so a test can assert that something did not appear. */
function MeLoaded() {
  const { data } = useGetMeQuery();
  return data ? <span data-testid="me-loaded" /> : null;
}

/** Waits until the shell knows the user. */
export const meLoaded = () => screen.findByTestId('me-loaded');

export function meWith(patch: Partial<Me> = {}): Me {
  return { ...ME, ...patch, nps_collection: { ...ME.nps_collection, ...patch.nps_collection } };
}

export function renderShell({
  at,
  me = meWith(),
  routes = {},
}: {
  at: string;
  me?: Me | Reply;
  routes?: Record<string, Reply>;
}) {
  signInCookies();
  const api = fakeApi({
    'GET /dashboardapi/me': 'id' in me ? json(200, me) : me,
    'GET /dashboardapi/accounts': json(200, {
      accounts: [{ id: 7, name: 'Acme Support', permission_level: 'owner' }],
    }),
    'GET /dashboardapi/realtime/config': json(200, REALTIME_CONFIG),
    ...routes,
  });
  const { store } = makeStore({ persist: false });
  const realtime = fakeRealtime();
  const view = renderPage(
    <RealtimeProvider connect={realtime.connect}>
      <ShellProvider>
        <ShellBanner />
        <UserMenu me={undefined} />
        <MeLoaded />
      </ShellProvider>
    </RealtimeProvider>,
    { at, path: '*', store },
  );
  return { api, store, realtime, view };
}
