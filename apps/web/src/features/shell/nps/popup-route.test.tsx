import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { GLOBAL_SETTINGS_DEFAULTS } from '@parley/contracts';
import { AppRoutes } from '../../../app/app-routes';
import { store } from '../../../app/app-store';
import { NavigationBridge } from '../../../app/navigation-bridge';
import { resetAppState } from '../../../app/reset-app-state';
import { fakeApi, json } from '../../../test/fake-api';
import { signInCookies } from '../../../test/fixtures';
import { meWith } from '../testing/render-shell';
import { SURVEY_TEXTS } from './survey-texts';

// The whole app's routes, so the redirects between `/`, `/inboxes` and the last inbox route are
// the real ones.

/** Every place the router went, in order. */
function LocationTrail({ trail }: { trail: string[] }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    trail.push(`${pathname}${search}`);
  }, [pathname, search, trail]);
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

function renderApp(at: string) {
  signInCookies();
  fakeApi({
    'GET /dashboardapi/me': json(
      200,
      meWith({
        nps_collection: {
          milestone_id: 5,
          milestone_completed: false,
          show_nps_milestone: true,
          show_milestone_float_button: true,
        },
      }),
    ),
    'GET /dashboardapi/accounts': json(200, {
      accounts: [{ id: 7, name: 'Acme Support', permission_level: 'owner' }],
    }),
    'GET /dashboardapi/global/settings': json(200, GLOBAL_SETTINGS_DEFAULTS),
    'GET /marketingapi/nps/nps/show-nps-popup/': json(200, {
      data: {
        milestone_status: 'open',
        milestone_primary_question: {
          id: 1,
          primary_question: true,
          text: 'How likely are you to recommend Parley?',
          description: null,
          rating_star: null,
        },
      },
    }),
  });
  const trail: string[] = [];
  render(
    <MemoryRouter initialEntries={[at]}>
      <NavigationBridge />
      <AppRoutes />
      <LocationTrail trail={trail} />
    </MemoryRouter>,
  );
  return trail;
}

const location = () => screen.getByTestId('location');
const surveyTitle = () =>
  screen.queryAllByText(SURVEY_TEXTS.title, { selector: '.ant-modal-title' })[0];

// The shell's store is the app's singleton: unmount first, then forget everything it cached.
afterEach(() => {
  cleanup();
  store.dispatch(resetAppState());
});

describe('the popup query flag survives the shell’s redirects', { timeout: 90_000 }, () => {
  it('/?popup goes on to the last inbox route with the flag, opens the survey, and closing it leads home', async () => {
    const trail = renderApp('/?popup=1');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/inboxes\/[^?]+\?popup=1$/));
    expect(await screen.findByText('How likely are you to recommend Parley?')).toBeInTheDocument();
    expect(surveyTitle()).toBeDefined();

    fireEvent.click(screen.getAllByRole('button', { name: 'Close', hidden: true })[0]!);
    // Home first, which then opens the inbox again, without the flag.
    await waitFor(() => expect(trail).toContain('/'));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/inboxes\/[^?]+$/));
    await waitFor(() =>
      expect(
        document.querySelector('.ant-modal-wrap:not([style*="none"]) .ant-modal-title'),
      ).toBeNull(),
    );
  });

  it('/inboxes?popup keeps the flag on the way to the last inbox route', async () => {
    renderApp('/inboxes?popup');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/inboxes\/[^?]+\?popup$/));
    expect(await screen.findByText('How likely are you to recommend Parley?')).toBeInTheDocument();
  });

  it('/settings?popup keeps the flag on the way to the global settings', async () => {
    renderApp('/settings?popup=1');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/settings\/global\?popup=1$/));
    expect(await screen.findByText('How likely are you to recommend Parley?')).toBeInTheDocument();
  });
});
