import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NpsFollowUpQuestion } from '@parley/contracts';
import { json, type Reply } from '../../../test/fake-api';
import { meLoaded, meWith, renderShell } from '../testing/render-shell';
import { SURVEY_TEXTS } from './survey-texts';

const SURVEY_ME = meWith({
  nps_collection: {
    milestone_id: 5,
    milestone_completed: false,
    show_nps_milestone: true,
    show_milestone_float_button: true,
  },
});

const OPEN_POPUP = json(200, {
  data: {
    milestone_status: 'open',
    milestone_primary_question: {
      id: 1,
      primary_question: true,
      text: 'How likely are you to recommend Parley to a friend?',
      description: 'Pick 1 to 5 stars.',
      rating_star: null,
    },
  },
});

const FOLLOW_UPS: NpsFollowUpQuestion[] = [
  {
    id: 11,
    text: 'What do you like most?',
    description: null,
    primary_question: false,
    has_other_option: false,
    other_option_prompt: null,
    answer_options: [
      { id: 101, text: 'Shared inbox' },
      { id: 102, text: 'Fast replies' },
    ],
  },
  {
    id: 12,
    text: 'What should we improve?',
    description: 'Tick all that apply.',
    primary_question: false,
    has_other_option: true,
    other_option_prompt: 'Tell us what to improve',
    answer_options: [{ id: 201, text: 'Speed' }],
  },
  {
    id: 13,
    text: 'Anything else?',
    description: null,
    primary_question: false,
    has_other_option: false,
    other_option_prompt: null,
    answer_options: [{ id: 301, text: 'No' }],
  },
];

const SURVEY_ROUTES: Record<string, Reply> = {
  'GET /marketingapi/nps/nps/show-nps-popup/': OPEN_POPUP,
  'POST /marketingapi/nps/nps/update-and-get-follow-up-nps-feedback/': json(200, {
    nps_feedback_id: 77,
    follow_up_questions: FOLLOW_UPS,
  }),
  'POST /marketingapi/nps/nps/submit-final-nps-response/': json(200, { ok: true }),
};

/** fireEvent, not userEvent: these flows are long and jsdom is slow on a busy machine. */
const click = (element: Element) => fireEvent.click(element);

const floatButton = () => screen.queryByTestId('feedback-float-button');

async function findSurvey() {
  const [title] = await screen.findAllByText(SURVEY_TEXTS.title, { selector: '.ant-modal-title' });
  return title!.closest<HTMLElement>('.ant-modal')!;
}

async function openByButton(routes: Record<string, Reply> = SURVEY_ROUTES) {
  const view = renderShell({ at: '/inboxes/all', me: SURVEY_ME, routes });
  await meLoaded();
  click(floatButton()!);
  return { ...view, dialog: await findSurvey() };
}

function rate(dialog: HTMLElement, stars: number) {
  const radios = dialog.querySelectorAll<HTMLElement>('.ant-rate-star [role="radio"]');
  click(radios[stars - 1]!);
}

const toastTitle = async (text: string) => {
  await screen.findByText(text.trim());
  return [...document.querySelectorAll('.ant-notification-notice-title')].map((n) => n.textContent);
};

describe('floating feedback button (docs/product/screens.md)', { timeout: 60_000 }, () => {
  it('round, bottom right, tooltip ‘Feedback please?’; clicking asks for Me again and opens the 627-wide survey', async () => {
    const { api } = renderShell({ at: '/inboxes/all', me: SURVEY_ME, routes: SURVEY_ROUTES });
    await meLoaded();
    const button = floatButton()!;
    expect(button).toHaveClass('ant-float-btn-circle');
    fireEvent.mouseEnter(button);
    expect(await screen.findByText('Feedback please?')).toBeInTheDocument();

    click(button);
    const dialog = await findSurvey();
    expect(dialog).toHaveStyle({ width: '627px' });
    await waitFor(() => expect(api.callsTo('GET /dashboardapi/me')).toHaveLength(2));
  });

  for (const [path, shown] of [
    ['/reporting', true],
    ['/setup', true],
    ['/settings/tags', true],
    ['/settings/widgets/shopify/edit/3', false],
    ['/feature', false],
  ] as const) {
    it(`${shown ? 'shows' : 'hides'} on ${path}`, async () => {
      renderShell({ at: path, me: SURVEY_ME });
      await meLoaded();
      expect(floatButton() !== null).toBe(shown);
    });
  }

  it('hides when Me says show_milestone_float_button is false', async () => {
    renderShell({ at: '/inboxes/all' });
    await meLoaded();
    expect(floatButton()).not.toBeInTheDocument();
  });
});

describe(
  'feedback survey flow (docs/product/states.md, docs/product/validation.md, docs/product/api.md)',
  { timeout: 60_000 },
  () => {
    it('rating, follow-up steps, submit, thank-you; Me’s survey flags change after the submit', async () => {
      const { api, dialog } = await openByButton();
      expect(
        await within(dialog).findByText('How likely are you to recommend Parley to a friend?'),
      ).toBeInTheDocument();
      expect(within(dialog).getByText(SURVEY_TEXTS.promise)).toBeInTheDocument();
      expect(SURVEY_TEXTS.promise).toContain("won't take more than 60 seconds");
      const [popup] = api.callsTo('GET /marketingapi/nps/nps/show-nps-popup/');
      expect(new URL(popup!.url, 'http://x').search).toBe('?milestone_id=5&source=me_api');

      // docs/product/states.md, docs/product/validation.md: Next appears only once a rating is chosen.
      expect(
        within(dialog).queryByRole('button', { name: 'Next', hidden: true }),
      ).not.toBeInTheDocument();
      rate(dialog, 4);
      click(within(dialog).getByRole('button', { name: 'Next', hidden: true }));
      expect(await within(dialog).findByText('Step 1 of 3')).toBeInTheDocument();
      expect(
        api.callsTo('POST /marketingapi/nps/nps/update-and-get-follow-up-nps-feedback/')[0]?.body,
      ).toEqual({
        rating_star: 'star4',
        milestone_id: 5,
      });

      // Multi-select.
      click(within(dialog).getByLabelText('Shared inbox'));
      click(within(dialog).getByLabelText('Fast replies'));
      click(within(dialog).getByRole('button', { name: 'Next', hidden: true }));
      expect(within(dialog).getByText('Step 2 of 3')).toBeInTheDocument();

      // Ticking 'other' reveals the free-text box.
      expect(within(dialog).queryByLabelText('Tell us what to improve')).not.toBeInTheDocument();
      click(within(dialog).getByLabelText('Other'));
      fireEvent.change(within(dialog).getByLabelText('Tell us what to improve'), {
        target: { value: '  Dark mode  ' },
      });

      // Previous keeps the answers.
      click(within(dialog).getByRole('button', { name: 'Previous', hidden: true }));
      expect(within(dialog).getByLabelText('Shared inbox')).toBeChecked();
      click(within(dialog).getByRole('button', { name: 'Next', hidden: true }));
      click(within(dialog).getByRole('button', { name: 'Next', hidden: true }));
      expect(within(dialog).getByText('Step 3 of 3')).toBeInTheDocument();
      expect(
        within(dialog).queryByRole('button', { name: 'Next', hidden: true }),
      ).not.toBeInTheDocument();
      click(within(dialog).getByRole('button', { name: 'Submit', hidden: true }));

      expect(await within(dialog).findByText(SURVEY_TEXTS.thanks)).toBeInTheDocument();
      // docs/product/validation.md: only answered questions; other text apart from the option ids.
      expect(api.callsTo('POST /marketingapi/nps/nps/submit-final-nps-response/')[0]?.body).toEqual(
        {
          nps_feedback_id: 77,
          responses: [
            { question_id: 11, selected_option_ids: [101, 102], other_text: null },
            { question_id: 12, selected_option_ids: [], other_text: 'Dark mode' },
          ],
        },
      );
      // docs/product/states.md: show_milestone_float_button became false.
      await waitFor(() => expect(floatButton()).not.toBeInTheDocument());
    });

    it('docs/product/states.md: a completed milestone shows ‘Your feedback has been recorded!’ and the support footer', async () => {
      const { dialog } = await openByButton({
        'GET /marketingapi/nps/nps/show-nps-popup/': json(200, {
          data: { milestone_status: 'completed', milestone_primary_question: null },
        }),
      });
      expect(
        await within(dialog).findByText('Your feedback has been recorded!'),
      ).toBeInTheDocument();
      expect(within(dialog).getByText(SURVEY_TEXTS.reachOut)).toBeInTheDocument();
    });

    for (const status of ['expired', 'not_found'] as const) {
      it(`docs/product/states.md: milestone ${status} shows ‘This feedback form has expired!’`, async () => {
        const { dialog } = await openByButton({
          'GET /marketingapi/nps/nps/show-nps-popup/': json(200, {
            data: { milestone_status: status, milestone_primary_question: null },
          }),
        });
        expect(
          await within(dialog).findByText('This feedback form has expired!'),
        ).toBeInTheDocument();
      });
    }

    it('docs/product/states.md: no milestone at all shows ‘This feedback form has expired!’ without a call', async () => {
      const { api } = renderShell({
        at: '/inboxes/all?popup=1',
        me: meWith(),
        routes: SURVEY_ROUTES,
      });
      const dialog = await findSurvey();
      expect(within(dialog).getByText('This feedback form has expired!')).toBeInTheDocument();
      expect(api.callsTo('GET /marketingapi/nps/nps/show-nps-popup/')).toHaveLength(0);
    });

    it('a 409 on the rating shows the server’s text (‘This feedback form has expired!’)', async () => {
      const { dialog } = await openByButton({
        ...SURVEY_ROUTES,
        'POST /marketingapi/nps/nps/update-and-get-follow-up-nps-feedback/': json(409, {
          code: 'conflict',
          message: 'This feedback form has expired!',
        }),
      });
      await within(dialog).findByText('How likely are you to recommend Parley to a friend?');
      rate(dialog, 2);
      click(within(dialog).getByRole('button', { name: 'Next', hidden: true }));
      expect(
        await within(dialog).findByText('This feedback form has expired!'),
      ).toBeInTheDocument();
    });

    it('a 409 on the submit shows ‘Your feedback has been recorded!’', async () => {
      const { dialog } = await openByButton({
        ...SURVEY_ROUTES,
        'POST /marketingapi/nps/nps/update-and-get-follow-up-nps-feedback/': json(200, {
          nps_feedback_id: 77,
          follow_up_questions: [FOLLOW_UPS[0]],
        }),
        'POST /marketingapi/nps/nps/submit-final-nps-response/': json(409, {
          code: 'conflict',
          message: 'Your feedback has been recorded!',
        }),
      });
      await within(dialog).findByText('How likely are you to recommend Parley to a friend?');
      rate(dialog, 5);
      click(within(dialog).getByRole('button', { name: 'Next', hidden: true }));
      click(await within(dialog).findByRole('button', { name: 'Submit', hidden: true }));
      expect(
        await within(dialog).findByText('Your feedback has been recorded!'),
      ).toBeInTheDocument();
    });
  },
);

describe('survey failures (docs/product/errors.md)', { timeout: 60_000 }, () => {
  it('failing to fetch the first question: toast ‘Something went wrong! ’ and the survey closes', async () => {
    renderShell({
      at: '/inboxes/all',
      me: SURVEY_ME,
      routes: {
        'GET /marketingapi/nps/nps/show-nps-popup/': json(500, {
          code: 'internal_error',
          message: 'x',
        }),
      },
    });
    await meLoaded();
    click(floatButton()!);
    expect(await toastTitle(SURVEY_TEXTS.loadFailed)).toContain('Something went wrong! ');
    await waitFor(() =>
      expect(
        document.querySelector('.ant-modal-wrap:not([style*="none"]) .ant-modal-title'),
      ).toBeNull(),
    );
  });

  it('a failed rating update: toast ‘Something went wrong!’', async () => {
    const { dialog } = await openByButton({
      ...SURVEY_ROUTES,
      'POST /marketingapi/nps/nps/update-and-get-follow-up-nps-feedback/': json(500, {
        code: 'internal_error',
        message: 'x',
      }),
    });
    await within(dialog).findByText('How likely are you to recommend Parley to a friend?');
    rate(dialog, 3);
    click(within(dialog).getByRole('button', { name: 'Next', hidden: true }));
    expect(await toastTitle(SURVEY_TEXTS.rateFailed)).toContain('Something went wrong!');
  });

  it('a failed submission: toast ‘Submission failed. Please try again later.’ and the modal closes', async () => {
    const { dialog } = await openByButton({
      ...SURVEY_ROUTES,
      'POST /marketingapi/nps/nps/update-and-get-follow-up-nps-feedback/': json(200, {
        nps_feedback_id: 77,
        follow_up_questions: [FOLLOW_UPS[0]],
      }),
      'POST /marketingapi/nps/nps/submit-final-nps-response/': json(500, {
        code: 'internal_error',
        message: 'x',
      }),
    });
    await within(dialog).findByText('How likely are you to recommend Parley to a friend?');
    rate(dialog, 1);
    click(within(dialog).getByRole('button', { name: 'Next', hidden: true }));
    click(await within(dialog).findByRole('button', { name: 'Submit', hidden: true }));
    expect(await toastTitle(SURVEY_TEXTS.submitFailed)).toContain(
      'Submission failed. Please try again later.',
    );
    await waitFor(() => expect(within(dialog).queryByText('Step 1 of 1')).not.toBeInTheDocument());
  });
});

describe('the popup query flag (docs/product/screens.md)', { timeout: 60_000 }, () => {
  it('opens the survey by itself; closing it sends the user home', async () => {
    renderShell({ at: '/settings/tags?popup=1', me: SURVEY_ME, routes: SURVEY_ROUTES });
    const dialog = await findSurvey();
    await within(dialog).findByText('How likely are you to recommend Parley to a friend?');
    click(within(dialog).getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
