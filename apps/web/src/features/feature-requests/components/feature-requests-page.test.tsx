import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type {
  FeatureRequest,
  FeatureRequestComment,
  FeatureRequestDetail,
  FeatureRequestStatus,
} from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall, type Reply } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { FeatureRequestsPage } from './feature-requests-page';

const author = (name: string, is_me = false) => ({
  name,
  initials: name.slice(0, 2).toUpperCase(),
  profile_color: '#1677ff',
  is_me,
});

const request = (over: Partial<FeatureRequest> & Pick<FeatureRequest, 'id' | 'title'>) => ({
  description: '',
  status: 'under_review' as FeatureRequestStatus,
  author: author('Someone Else'),
  vote_count: 1,
  voted: false,
  comment_count: 0,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

const DARK = request({
  id: 1,
  title: 'Dark mode',
  description: 'A dark theme for night shifts.',
  status: 'planned',
  vote_count: 5,
  voted: true,
  comment_count: 1,
  created_at: '2026-02-01T10:00:00.000Z',
});
const CSV = request({ id: 2, title: 'Export to CSV', vote_count: 2, author: author('Me', true) });

/** A small stand-in for the server's feature-request rules, at the network boundary. */
function boardServer(initial: FeatureRequest[], opts: { createLimitReached?: boolean } = {}) {
  let requests = initial.map((r) => ({ ...r }));
  const comments = new Map<number, FeatureRequestComment[]>([
    [
      1,
      [
        {
          id: 100,
          body: 'Yes please!\nMy eyes hurt.',
          author: author('Bob Beta'),
          created_at: '2026-02-02T10:00:00.000Z',
        },
      ],
    ],
  ]);
  let nextId = 10;
  const detail = (id: number): FeatureRequestDetail => ({
    ...requests.find((r) => r.id === id)!,
    comments: comments.get(id) ?? [],
  });
  const routes: Record<string, Reply> = {
    'GET /dashboardapi/feature-requests': (call: RecordedCall) => {
      const q = new URL(call.url, 'http://localhost').searchParams;
      const search = q.get('search')?.toLowerCase();
      let shown = requests.filter(
        (r) =>
          (!q.get('status') || r.status === q.get('status')) &&
          (!search || `${r.title} ${r.description}`.toLowerCase().includes(search)),
      );
      shown = [...shown].sort((a, b) =>
        q.get('sort') === 'new'
          ? b.created_at.localeCompare(a.created_at)
          : b.vote_count - a.vote_count,
      );
      return json(200, { feature_requests: shown });
    },
    'POST /dashboardapi/feature-requests': (call) => {
      if (opts.createLimitReached)
        return json(429, {
          code: 'rate_limited',
          message: 'You have posted 10 feature requests in the last 24 hours.',
        });
      const body = call.body as { title: string; description: string };
      const created = request({
        id: nextId++,
        ...body,
        voted: true,
        author: author('Erin Example', true),
        created_at: '2026-03-05T10:00:00.000Z',
      });
      requests = [...requests, created];
      return json(201, detail(created.id));
    },
  };
  for (const id of [1, 2, 10]) {
    routes[`GET /dashboardapi/feature-requests/${id}`] = () => json(200, detail(id));
    const vote = (voted: boolean) => () => {
      requests = requests.map((r) =>
        r.id === id && r.voted !== voted
          ? { ...r, voted, vote_count: r.vote_count + (voted ? 1 : -1) }
          : r,
      );
      const r = requests.find((x) => x.id === id)!;
      return json(200, { vote_count: r.vote_count, voted: r.voted });
    };
    routes[`POST /dashboardapi/feature-requests/${id}/vote`] = vote(true);
    routes[`DELETE /dashboardapi/feature-requests/${id}/vote`] = vote(false);
    routes[`POST /dashboardapi/feature-requests/${id}/comments`] = (call) => {
      const comment: FeatureRequestComment = {
        id: nextId++,
        body: (call.body as { body: string }).body,
        author: author('Erin Example', true),
        created_at: '2026-03-05T11:00:00.000Z',
      };
      comments.set(id, [...(comments.get(id) ?? []), comment]);
      requests = requests.map((r) =>
        r.id === id ? { ...r, comment_count: r.comment_count + 1 } : r,
      );
      return json(201, comment);
    };
  }
  return routes;
}

function renderBoard(routes: Record<string, Reply>) {
  signInCookies();
  const api = fakeApi(routes);
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded(ME));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<FeatureRequestsPage />, { at: '/settings/feature-requests', store });
  return { api, user };
}

const titles = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
const listQueries = (api: ReturnType<typeof fakeApi>) =>
  api
    .callsTo('GET /dashboardapi/feature-requests')
    .map((c) => Object.fromEntries(new URL(c.url, 'http://localhost').searchParams));

describe('feature requests page (/settings/feature-requests)', { timeout: 120_000 }, () => {
  it('lists requests with votes, voted state, status and comment count, most voted first', async () => {
    const { api } = renderBoard(boardServer([CSV, DARK]));
    expect(await screen.findByRole('article', { name: 'Dark mode' })).toBeInTheDocument();
    expect(titles()).toEqual(['Dark mode', 'Export to CSV']);
    expect(listQueries(api)[0]).toEqual({ sort: 'top' });
    const dark = screen.getByRole('article', { name: 'Dark mode' });
    expect(
      within(dark).getByRole('button', { name: 'Remove your vote for “Dark mode” (5 votes)' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(within(dark).getByText('Planned')).toBeInTheDocument();
    expect(within(dark).getByLabelText('1 comment')).toBeInTheDocument();
    expect(within(dark).getByText(/Someone Else/)).toBeInTheDocument();
    const csv = screen.getByRole('article', { name: 'Export to CSV' });
    expect(
      within(csv).getByRole('button', { name: 'Vote for “Export to CSV” (2 votes)' }),
    ).toHaveAttribute('aria-pressed', 'false');
    expect(within(csv).getByText('Under review')).toBeInTheDocument();
    expect(within(csv).getByText(/You ·/)).toBeInTheDocument();
  });

  it('sorts by newest, filters by status and searches through the API', async () => {
    const { api, user } = renderBoard(boardServer([CSV, DARK]));
    await screen.findByRole('article', { name: 'Dark mode' });

    await user.click(screen.getByText('New'));
    await waitFor(() => expect(titles()).toEqual(['Export to CSV', 'Dark mode']));
    expect(listQueries(api).at(-1)).toEqual({ sort: 'new' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Planned'));
    await waitFor(() => expect(titles()).toEqual(['Dark mode']));
    expect(listQueries(api).at(-1)).toEqual({ sort: 'new', status: 'planned' });

    await user.type(
      screen.getByRole('searchbox', { name: 'Search feature requests' }),
      'csv{Enter}',
    );
    expect(
      await screen.findByText('No feature request matches these filters.'),
    ).toBeInTheDocument();
    expect(listQueries(api).at(-1)).toEqual({ sort: 'new', status: 'planned', search: 'csv' });
  });

  it('votes and takes the vote back with the same button', async () => {
    const { api, user } = renderBoard(boardServer([CSV, DARK]));
    const csv = await screen.findByRole('article', { name: 'Export to CSV' });
    await user.click(within(csv).getByRole('button', { name: /Vote for “Export to CSV”/ }));
    const voted = await within(csv).findByRole('button', {
      name: 'Remove your vote for “Export to CSV” (3 votes)',
    });
    expect(voted).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('POST /dashboardapi/feature-requests/2/vote')).toHaveLength(1);
    await user.click(voted);
    expect(
      await within(csv).findByRole('button', { name: 'Vote for “Export to CSV” (2 votes)' }),
    ).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('DELETE /dashboardapi/feature-requests/2/vote')).toHaveLength(1);
  });

  it('posts a new request from the modal and opens it; a title is required', async () => {
    const { api, user } = renderBoard(boardServer([DARK]));
    await screen.findByRole('article', { name: 'Dark mode' });
    await user.click(screen.getByRole('button', { name: /New request/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Post request' }));
    expect(await within(dialog).findByText('Give the request a title.')).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/feature-requests')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Title'), '  Slack alerts ');
    await user.type(within(dialog).getByLabelText('Description'), 'Ping us in Slack.');
    await user.click(within(dialog).getByRole('button', { name: 'Post request' }));
    await waitFor(() =>
      expect(api.callsTo('POST /dashboardapi/feature-requests')[0]?.body).toEqual({
        title: 'Slack alerts',
        description: 'Ping us in Slack.',
      }),
    );
    // The new request opens in the drawer and joins the list with the author's vote.
    const drawer = await screen.findByRole('dialog', { name: 'Slack alerts' });
    expect(await within(drawer).findByText('Ping us in Slack.')).toBeInTheDocument();
    const row = await screen.findByRole('article', { name: 'Slack alerts' });
    expect(
      within(row).getByRole('button', { name: 'Remove your vote for “Slack alerts” (1 vote)' }),
    ).toBeInTheDocument();
  });

  it('shows the server’s daily limit message in the modal', async () => {
    const { user } = renderBoard(boardServer([DARK], { createLimitReached: true }));
    await screen.findByRole('article', { name: 'Dark mode' });
    await user.click(screen.getByRole('button', { name: /New request/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'One more');
    await user.click(within(dialog).getByRole('button', { name: 'Post request' }));
    expect(
      await within(dialog).findByText('You have posted 10 feature requests in the last 24 hours.'),
    ).toBeInTheDocument();
  });

  it('opens a request with its description and comments, and adds a comment', async () => {
    const { api, user } = renderBoard(boardServer([CSV, DARK]));
    await user.click(await screen.findByText('Dark mode'));
    const drawer = await screen.findByRole('dialog', { name: 'Dark mode' });
    expect(await within(drawer).findByText('A dark theme for night shifts.')).toBeInTheDocument();
    expect(within(drawer).getByText('1 comment')).toBeInTheDocument();
    expect(within(drawer).getByText('Bob Beta')).toBeInTheDocument();
    expect(within(drawer).getByText(/Yes please!/)).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Comment' }));
    expect(await within(drawer).findByText('Write a comment first.')).toBeInTheDocument();

    await user.type(within(drawer).getByLabelText('Your comment'), 'Me too');
    await user.click(within(drawer).getByRole('button', { name: 'Comment' }));
    // The request and the list are fetched again after the comment, which may draw it anew.
    await waitFor(() => expect(within(drawer).getByText('Me too')).toBeInTheDocument());
    expect(within(drawer).getByText('2 comments')).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/feature-requests/1/comments')[0]?.body).toEqual({
      body: 'Me too',
    });
    expect(within(drawer).getByLabelText('Your comment')).toHaveValue('');
    expect(
      within(screen.getByRole('article', { name: 'Dark mode' })).getByLabelText('2 comments'),
    ).toBeInTheDocument();
  });
});
