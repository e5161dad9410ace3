import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { PublicHelpArticle, PublicHelpCenter } from '@parley/contracts';
import { AppProviders } from '../../../app/providers';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { signInCookies } from '../../../test/fixtures';
import { PublicHelpArticlePage, PublicHelpCenterPage } from './public-help-center-page';

const INFO = { account_id: 3, name: 'Northwind Outfitters' };
const SHIPPING = { id: 11, name: 'Orders & shipping', position: 0, article_count: 1 };
const RETURNS = { id: 12, name: 'Returns & refunds', position: 1, article_count: 1 };
const TRACK = {
  id: 1,
  title: 'Track your order',
  slug: 'track-your-order',
  category_id: 11,
  excerpt: 'Open the shipping confirmation email.',
  updated_at: '2026-05-02T10:00:00.000Z',
};
const REFUND = {
  id: 2,
  title: 'When will I get my refund?',
  slug: 'when-will-i-get-my-refund',
  category_id: 12,
  excerpt: 'We refund within 3 working days.',
  updated_at: '2026-05-01T10:00:00.000Z',
};

function Location() {
  const l = useLocation();
  return <div data-testid="location">{`${l.pathname}${l.search}`}</div>;
}

/** The two public routes as themed-app mounts them: outside the shell, no store. */
function renderPublic(at: string) {
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/help-center/:center" element={<PublicHelpCenterPage />} />
          <Route path="/help-center/:center/articles/:slug" element={<PublicHelpArticlePage />} />
        </Routes>
        <Location />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

function publicServer() {
  const center = (call: RecordedCall) => {
    const params = new URL(call.url, 'http://x').searchParams;
    const q = params.get('q');
    const category = params.get('category_id');
    let articles = [TRACK, REFUND];
    if (q) articles = articles.filter((a) => a.title.toLowerCase().includes(q.toLowerCase()));
    if (category) articles = articles.filter((a) => a.category_id === Number(category));
    return json(200, {
      help_center: INFO,
      categories: [SHIPPING, RETURNS],
      articles,
    } satisfies PublicHelpCenter);
  };
  return fakeApi({
    'GET /dashboardapi/public/help-center/helpcenter': center,
    'GET /dashboardapi/public/help-center/helpcenter/articles/when-will-i-get-my-refund': json(
      200,
      {
        help_center: INFO,
        article: {
          ...REFUND,
          body: '<p>We refund within <strong>3 working days</strong>.</p><ul><li>To your card</li></ul>',
        },
        category: { id: 12, name: 'Returns & refunds' },
      } satisfies PublicHelpArticle,
    ),
  });
}

const titles = () =>
  within(screen.getByRole('region', { name: /articles|Results|Returns|Orders/ }))
    .queryAllByRole('link')
    .map((a) => a.textContent);

describe(
  'public help center (/help-center/helpcenter: docs/product/screens.md)',
  { timeout: 90_000 },
  () => {
    it('shows the published articles and categories without sign-in, searches, and filters by category', async () => {
      signInCookies();
      const api = publicServer();
      const { user } = renderPublic('/help-center/helpcenter');
      expect(
        await screen.findByRole('link', { name: /Northwind Outfitters Help Center/ }),
      ).toBeInTheDocument();
      expect(titles()).toEqual(['Track your order', 'When will I get my refund?']);
      // A public page: the session headers are never sent ("sent without credentials": docs/product/screens.md).
      for (const call of api.calls) {
        expect(call.headers.authorization).toBeUndefined();
        expect(call.headers['x-dc-account-id']).toBeUndefined();
      }
      // No cookies either.
      for (const [, init] of api.fetch.mock.calls) expect(init?.credentials).toBe('omit');

      await user.type(
        screen.getByRole('searchbox', { name: 'Search the help center' }),
        'refund{Enter}',
      );
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?q=refund'));
      await waitFor(() => expect(titles()).toEqual(['When will I get my refund?']));
      expect(screen.getByRole('heading', { name: 'Results for “refund”' })).toBeInTheDocument();
      expect(new URL(api.calls.at(-1)!.url, 'http://x').searchParams.get('q')).toBe('refund');

      await user.clear(screen.getByRole('searchbox', { name: 'Search the help center' }));
      await user.type(
        screen.getByRole('searchbox', { name: 'Search the help center' }),
        'zzz{Enter}',
      );
      expect(
        await screen.findByText('No article matches “zzz”. Try other words.'),
      ).toBeInTheDocument();

      await user.clear(screen.getByRole('searchbox', { name: 'Search the help center' }));
      await user.type(screen.getByRole('searchbox', { name: 'Search the help center' }), '{Enter}');
      const categories = screen.getByRole('navigation', { name: 'Categories' });
      await user.click(within(categories).getByText('Orders & shipping (1)'));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?category=11'));
      await waitFor(() => expect(titles()).toEqual(['Track your order']));
    });

    it('opens an article at its own address and renders its formatted text', async () => {
      publicServer();
      const { user } = renderPublic('/help-center/helpcenter');
      await user.click(await screen.findByRole('link', { name: 'When will I get my refund?' }));
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent(
          '/help-center/helpcenter/articles/when-will-i-get-my-refund',
        ),
      );
      const article = await screen.findByRole('article');
      expect(
        within(article).getByRole('heading', { name: 'When will I get my refund?' }),
      ).toBeVisible();
      expect(within(article).getByText('3 working days').tagName).toBe('STRONG');
      expect(within(article).getByRole('listitem')).toHaveTextContent('To your card');
      expect(within(article).getByRole('link', { name: 'Returns & refunds' })).toHaveAttribute(
        'href',
        '/help-center/helpcenter?category=12',
      );
      await user.click(screen.getByRole('link', { name: /All articles/ }));
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/help-center\/helpcenter$/),
      );
    });

    it('shows the server’s words when a help center or an article does not exist (404)', async () => {
      fakeApi({
        'GET /dashboardapi/public/help-center/999': json(404, {
          code: 'not_found',
          message: 'That help center was not found.',
        }),
      });
      renderPublic('/help-center/999');
      expect(await screen.findByText('That help center was not found.')).toBeInTheDocument();
      expect(screen.getByText('Nothing here')).toBeInTheDocument();
    });
  },
);
