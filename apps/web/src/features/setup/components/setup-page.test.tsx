import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { SetupChecklist } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { fakeApi, json, type Reply } from '../../../test/fake-api';
import { signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { SetupPage, setupItems } from './setup-page';

const CHECKLIST: SetupChecklist = {
  items: [
    { key: 'connect_channel', done: true, detail: '2 channels connected' },
    { key: 'install_widget', done: false, detail: 'The widget is not switched on for any store' },
    { key: 'invite_team', done: true, detail: '1 invitation pending' },
    { key: 'create_fast_replies', done: false, detail: 'None yet' },
    { key: 'verify_sending_domain', done: false, detail: 'No email channel to send from yet' },
  ],
  completed: 2,
  total: 5,
};

function renderSetup(routes: Record<string, Reply>) {
  signInCookies();
  const api = fakeApi(routes);
  const { store } = makeStore({ persist: false });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<SetupPage />, { at: '/setup', store });
  return { api, user };
}

const itemOf = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;

describe('setup page (/setup)', { timeout: 120_000 }, () => {
  it("shows the server's progress and each item's state, detail and where it is done", async () => {
    renderSetup({ 'GET /dashboardapi/setup/checklist': json(200, CHECKLIST) });
    expect(await screen.findByText('2 of 5 steps done')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Setup progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    const list = screen.getByRole('list', { name: 'Setup checklist' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);

    const expected = [
      ['connect_channel', 'Done', '2 channels connected', '/settings/supportchannels'],
      [
        'install_widget',
        'To do',
        'The widget is not switched on for any store',
        '/settings/widgets',
      ],
      ['invite_team', 'Done', '1 invitation pending', '/settings/teammembers'],
      ['create_fast_replies', 'To do', 'None yet', '/settings/fastreplies'],
      [
        'verify_sending_domain',
        'To do',
        'No email channel to send from yet',
        '/settings/dnsrecords',
      ],
    ] as const;
    for (const [key, state, detail, href] of expected) {
      const meta = setupItems()[key];
      const item = within(itemOf(meta.title));
      expect(item.getByText(state)).toBeInTheDocument();
      expect(item.getByText(detail)).toBeInTheDocument();
      expect(item.getByText(meta.description)).toBeInTheDocument();
      expect(item.getByRole('link', { name: meta.action })).toHaveAttribute('href', href);
    }
    // The first step left to do is the one put forward.
    expect(
      within(itemOf(setupItems().install_widget.title)).getByRole('link', {
        name: setupItems().install_widget.action,
      }),
    ).toHaveClass('ant-btn-primary');
    expect(
      within(itemOf(setupItems().create_fast_replies.title)).getByRole('link', {
        name: setupItems().create_fast_replies.action,
      }),
    ).not.toHaveClass('ant-btn-primary');
  });

  it("an item's button goes to where it is done, inside the app", async () => {
    const { user } = renderSetup({ 'GET /dashboardapi/setup/checklist': json(200, CHECKLIST) });
    await screen.findByText('2 of 5 steps done');
    await user.click(screen.getByRole('link', { name: setupItems().install_widget.action }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/settings/widgets'),
    );
  });

  it('lists the onboarding videos the operator published (help menu: Watch Onboarding Videos), each in a new tab', async () => {
    renderSetup({
      'GET /dashboardapi/setup/checklist': json(200, CHECKLIST),
      'GET /dashboardapi/setup/videos': json(200, {
        videos: [
          {
            title: 'Your first day in the inbox',
            url: 'https://videos.example.test/inbox',
            minutes: 4,
            description: 'Views, assignment and replies.',
          },
          {
            title: 'Connect your email',
            url: 'https://videos.example.test/email',
            minutes: null,
            description: null,
          },
        ],
      }),
    });
    const list = await screen.findByRole('list', { name: 'Watch Onboarding Videos' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Your first day in the inbox',
      'Connect your email',
    ]);
    expect(links[0]).toHaveAttribute('href', 'https://videos.example.test/inbox');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(list).getByText(/4 min/)).toBeInTheDocument();
    expect(within(list).getByText('Views, assignment and replies.')).toBeInTheDocument();
  });

  it('says when the videos could not be loaded, and loads them again on request', async () => {
    let fail = true;
    const { user } = renderSetup({
      'GET /dashboardapi/setup/checklist': json(200, CHECKLIST),
      'GET /dashboardapi/setup/videos': () =>
        fail
          ? json(500, { code: 'internal_error', message: 'Something went wrong on our side.' })
          : json(200, { videos: [] }),
    });
    expect(await screen.findByText('The videos could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Load the videos again' }));
    expect(
      await screen.findByText(/No onboarding videos have been published yet/),
    ).toBeInTheDocument();
  });

  it('says when no onboarding video is published yet and points to the written guides', async () => {
    renderSetup({
      'GET /dashboardapi/setup/checklist': json(200, CHECKLIST),
      'GET /dashboardapi/setup/videos': json(200, { videos: [] }),
    });
    expect(
      await screen.findByText(/No onboarding videos have been published yet/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help Center' })).toHaveAttribute(
      'href',
      '/help-center/helpcenter',
    );
  });

  it('says when everything is done', async () => {
    renderSetup({
      'GET /dashboardapi/setup/checklist': json(200, {
        items: CHECKLIST.items.map((i) => ({ ...i, done: true })),
        completed: 5,
        total: 5,
      }),
    });
    expect(await screen.findByText('5 of 5 steps done')).toBeInTheDocument();
    expect(screen.getByText('Your workspace is set up.')).toBeInTheDocument();
    expect(screen.queryByText('To do')).toBeNull();
  });

  it('a failed load says so and can be tried again', async () => {
    let fail = true;
    const { api, user } = renderSetup({
      'GET /dashboardapi/setup/checklist': () =>
        fail
          ? json(500, {
              code: 'internal_error',
              message: 'Something went wrong on our side. Please try again.',
            })
          : json(200, CHECKLIST),
    });
    expect(
      await screen.findByText('Something went wrong on our side. Please try again.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 of 5 steps done')).toBeInTheDocument();
    expect(api.callsTo('GET /dashboardapi/setup/checklist').length).toBeGreaterThanOrEqual(2);
  });
});
