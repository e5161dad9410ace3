import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { store } from '../../../app/app-store';
import { resetAppState } from '../../../app/reset-app-state';
import { fakeApi, json } from '../../../test/fake-api';
import { signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { meWith } from '../testing/render-shell';
import { NpsFormPage } from './nps-form-page';
import { SURVEY_TEXTS } from './survey-texts';

const POPUP = 'GET /marketingapi/nps/nps/show-nps-popup/';
const RATE = 'POST /marketingapi/nps/nps/update-and-get-follow-up-nps-feedback/';
const SUBMIT = 'POST /marketingapi/nps/nps/submit-final-nps-response/';

const queryOf = (call: { url: string } | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '', 'http://localhost').searchParams);

function renderForm(at: string) {
  signInCookies();
  const api = fakeApi({
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
    [POPUP]: json(200, {
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
    [RATE]: json(200, { nps_feedback_id: 77, follow_up_questions: [] }),
    [SUBMIT]: json(200, { ok: true }),
  });
  // No store given: the route brings the app's own, as it must outside the shell.
  renderPage(<NpsFormPage />, { at, path: '/nps-form' });
  return api;
}

// The page uses the app's singleton store: unmount first, then forget everything it cached.
afterEach(() => {
  cleanup();
  store.dispatch(resetAppState());
});

describe(
  '/nps-form (docs/product/screens.md): the survey as a page of its own',
  { timeout: 90_000 },
  () => {
    it('renders for a signed-in user outside the shell, with the app’s store and toasts of its own', async () => {
      renderForm('/nps-form');
      expect(await screen.findByRole('heading', { name: SURVEY_TEXTS.title })).toBeInTheDocument();
      expect(
        await screen.findByText('How likely are you to recommend Parley?'),
      ).toBeInTheDocument();
    });

    it('a survey link’s milestone_id is asked for (without source=me_api); rating and finishing thank the person', async () => {
      const api = renderForm('/nps-form?milestone_id=9');
      expect(
        await screen.findByText('How likely are you to recommend Parley?'),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: SURVEY_TEXTS.title })).toBeInTheDocument();
      expect(queryOf(api.callsTo(POPUP)[0])).toEqual({ milestone_id: '9' });
      fireEvent.click(screen.getAllByRole('radio')[4]!);
      fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
      expect(await screen.findByText(SURVEY_TEXTS.thanks)).toBeInTheDocument();
      expect(api.callsTo(RATE)[0]?.body).toEqual({ rating_star: 'star5', milestone_id: 9 });
      expect(api.callsTo(SUBMIT)[0]?.body).toEqual({ nps_feedback_id: 77, responses: [] });
      fireEvent.click(screen.getByRole('button', { name: /Back to/ }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    });

    it('without a link, Me’s milestone is asked for with source=me_api (docs/product/api.md)', async () => {
      const api = renderForm('/nps-form');
      await screen.findByText('How likely are you to recommend Parley?');
      expect(queryOf(api.callsTo(POPUP)[0])).toEqual({ milestone_id: '5', source: 'me_api' });
    });

    it('a malformed milestone_id says the form has expired, and asks nothing', async () => {
      const api = renderForm('/nps-form?milestone_id=abc');
      expect(await screen.findByText(SURVEY_TEXTS.expired)).toBeInTheDocument();
      expect(api.callsTo(POPUP)).toHaveLength(0);
    });
  },
);
