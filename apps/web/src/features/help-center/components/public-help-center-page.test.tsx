import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { PublicHelpArticle, PublicHelpCenter } from '@parley/contracts';
import { AppProviders } from '../../../app/providers';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { signInCookies } from '../../../test/fixtures';
import { activateLocale } from '../../../lib/i18n';
import { PublicHelpArticlePage, PublicHelpCenterPage } from './public-help-center-page';

const INFO = { account_id: 3, name: 'Northwind Outfitters' };
const SHIPPING = { id: 11, name: 'Orders & shipping', position: 0, article_count: 1 };
const RETURNS = { id: 12, name: 'Returns & refunds', position: 1, article_count: 1 };
const TRACK = {
  id: 1,
  title: 'Track your order',
  slug: 'track-your-order',
  category_id: 11,
  locale: 'en' as const,
  excerpt: 'Open the shipping confirmation email.',
  updated_at: '2026-05-02T10:00:00.000Z',
};
const REFUND = {
  id: 2,
  title: 'When will I get my refund?',
  slug: 'when-will-i-get-my-refund',
  category_id: 12,
  locale: 'en' as const,
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
        languages: ['en'],
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

// The page reads in the article's language: put the app back in English after each test, once
// the page is gone (a page still shown would take its article's language again).
afterEach(async () => {
  cleanup();
  await activateLocale('en');
});

describe(
  'the public help center in the visitor’s language (docs/product/help-center.md, "Languages")',
  { timeout: 90_000 },
  () => {
    const RETURN = {
      id: 7,
      title: 'Return an item',
      slug: 'return-an-item',
      category_id: null,
      locale: 'en' as const,
      excerpt: 'Within 30 days.',
      updated_at: '2026-05-01T10:00:00.000Z',
    };
    const PATH = '/dashboardapi/public/help-center/helpcenter/articles/return-an-item';
    const IN_ARABIC = {
      ...RETURN,
      locale: 'ar' as const,
      title: 'إرجاع منتج',
      excerpt: 'خلال 30 يومًا.',
    };

    function translatedServer() {
      return fakeApi({
        [`GET ${PATH}`]: (call) => {
          const lang = new URL(call.url, 'http://x').searchParams.get('lang');
          const article = lang === 'ar' ? IN_ARABIC : RETURN;
          return json(200, {
            help_center: INFO,
            article: { ...article, body: `<p>${article.excerpt}</p>` },
            category: null,
            languages: ['en', 'es', 'ar'],
          } satisfies PublicHelpArticle);
        },
      });
    }

    it('lists the languages the article exists in, each named in itself and linked with ?lang=', async () => {
      const api = translatedServer();
      renderPublic('/help-center/helpcenter/articles/return-an-item');
      const languages = await screen.findByRole('navigation', { name: 'Languages' });
      const links = within(languages).getAllByRole('link');
      expect(
        links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('lang')]),
      ).toEqual([
        ['English', '/help-center/helpcenter/articles/return-an-item?lang=en', 'en'],
        ['Español', '/help-center/helpcenter/articles/return-an-item?lang=es', 'es'],
        ['العربية', '/help-center/helpcenter/articles/return-an-item?lang=ar', 'ar'],
      ]);
      // The language shown is marked; without ?lang= the server follows the browser's.
      expect(within(languages).getByRole('link', { name: 'English' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(new URL(api.calls[0]!.url, 'http://x').searchParams.has('lang')).toBe(false);
      expect(screen.getByRole('article')).toHaveAttribute('lang', 'en');
    });

    it('asks for the language of ?lang= and reads in it: <html lang dir> follow (Arabic right-to-left)', async () => {
      const api = translatedServer();
      renderPublic('/help-center/helpcenter/articles/return-an-item?lang=ar');
      // Switching the app's language mounts the page afresh (page-language.ts): look once it has.
      await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'ar'));
      await waitFor(() =>
        expect(screen.getByRole('heading', { name: 'إرجاع منتج' })).toBeInTheDocument(),
      );
      expect(new URL(api.calls[0]!.url, 'http://x').searchParams.get('lang')).toBe('ar');
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      const article = await screen.findByRole('article');
      expect(article).toHaveAttribute('lang', 'ar');
      expect(article).toHaveAttribute('dir', 'rtl');
      const languages = screen.getByRole('navigation');
      expect(within(languages).getByRole('link', { name: 'العربية' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      // The way back keeps the language picked.
      expect(document.querySelector('a[href^="/help-center/helpcenter?"]')).toHaveAttribute(
        'href',
        '/help-center/helpcenter?lang=ar',
      );
    });

    it('keeps the page in the visitor’s language when the article comes in another; the article carries its own', async () => {
      // As the server answers a browser asking for Arabic first, on a page the app shows in English.
      fakeApi({
        [`GET ${PATH}`]: json(200, {
          help_center: INFO,
          article: { ...IN_ARABIC, body: '<p>خلال 30 يومًا.</p>' },
          category: null,
          languages: ['en', 'ar'],
        } satisfies PublicHelpArticle),
      });
      renderPublic('/help-center/helpcenter/articles/return-an-item');
      const article = await screen.findByRole('article');
      expect(article).toHaveAttribute('lang', 'ar');
      expect(article).toHaveAttribute('dir', 'rtl');
      expect(within(article).getByRole('heading', { name: 'إرجاع منتج' })).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('lang', 'en');
      expect(screen.getByRole('link', { name: /All articles/ })).toBeInTheDocument();
    });

    it('shows no switcher for an article in one language only', async () => {
      publicServer();
      renderPublic('/help-center/helpcenter/articles/when-will-i-get-my-refund');
      expect(await screen.findByRole('article')).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Languages' })).toBeNull();
    });
  },
);
