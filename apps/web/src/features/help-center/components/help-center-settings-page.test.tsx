import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { HelpArticle, HelpArticleTranslation, HelpCategory } from '@parley/contracts';
import { AppProviders } from '../../../app/providers';
import { makeStore } from '../../../app/store';
import { ToastHost } from '../../../app/toast-host';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall, type Reply } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { ArticleEditorPage } from './article-editor-page';
import { HelpCenterSettingsPage } from './help-center-settings-page';
import { choose, typeAtEnd } from './editor-testing';

const BASE = 'http://localhost:3000/help-center/7/articles/';
const SHIPPING: HelpCategory = { id: 5, name: 'Shipping', position: 0, article_count: 1 };

const article = (over: Partial<HelpArticle>): HelpArticle => ({
  id: 1,
  title: 'Track your order',
  slug: 'track-your-order',
  category_id: 5,
  status: 'published',
  locale: 'en',
  excerpt: 'Open the shipping email.',
  body: '<p>Open the shipping email.</p>',
  updated_at: '2026-05-02T10:00:00.000Z',
  published_at: '2026-05-02T10:00:00.000Z',
  created_at: '2026-05-01T10:00:00.000Z',
  public_url: `${BASE}track-your-order`,
  ...over,
});

/** A small stand-in for the server's help-center rules, at the network boundary. */
function helpServer(initial: HelpArticle[], categories: HelpCategory[] = [SHIPPING]) {
  let articles = [...initial];
  let cats = [...categories];
  // Translations by article id, as the server keeps them (docs/product/help-center.md).
  const translations = new Map<number, HelpArticleTranslation[]>();
  let nextId = 50;
  const params = (call: RecordedCall) => new URL(call.url, 'http://x').searchParams;
  const summary = ({ body: _body, created_at: _created, ...rest }: HelpArticle) => rest;
  const routes: Record<string, Reply> = {
    'GET /dashboardapi/help-center/categories': () => json(200, { categories: cats }),
    'POST /dashboardapi/help-center/categories': (call) => {
      const { name } = call.body as { name: string };
      if (cats.some((c) => c.name.toLowerCase() === name.toLowerCase()))
        return json(409, {
          code: 'conflict',
          message: `A category named “${name}” already exists. Pick another name.`,
        });
      const created = { id: nextId++, name, position: cats.length, article_count: 0 };
      cats = [...cats, created];
      return json(201, created);
    },
    'GET /dashboardapi/help-center/articles': (call) => {
      const p = params(call);
      let list = articles;
      const q = p.get('q');
      if (q)
        list = list.filter((a) =>
          `${a.title} ${a.excerpt}`.toLowerCase().includes(q.toLowerCase()),
        );
      if (p.get('status')) list = list.filter((a) => a.status === p.get('status'));
      if (p.get('category_id'))
        list = list.filter((a) => String(a.category_id) === p.get('category_id'));
      return json(200, { articles: list.map(summary) });
    },
    'POST /dashboardapi/help-center/articles': (call) => {
      const body = call.body as Partial<HelpArticle>;
      const slug = body.slug ?? body.title!.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      if (articles.some((a) => a.slug === slug))
        return json(409, {
          code: 'conflict',
          message: `Another article already uses the web address “${slug}”. Pick another one.`,
        });
      const created = article({
        ...body,
        id: nextId++,
        slug,
        // What the server keeps: scripts go.
        body: (body.body ?? '').replace(/<script>.*?<\/script>/g, ''),
        public_url: `${BASE}${slug}`,
      });
      articles = [...articles, created];
      return json(201, created);
    },
  };
  const byId = (id: number): Record<string, Reply> => ({
    [`GET /dashboardapi/help-center/articles/${id}`]: () => {
      const found = articles.find((a) => a.id === id);
      return found
        ? json(200, found)
        : json(404, { code: 'not_found', message: 'That article was not found.' });
    },
    [`PATCH /dashboardapi/help-center/articles/${id}`]: (call) => {
      const locale = (call.body as { locale?: string }).locale;
      if ((translations.get(id) ?? []).some((tr) => tr.locale === locale)) {
        const message = `This article already has a translation in Spanish. Delete that translation first, or pick another language.`;
        return json(400, {
          code: 'validation_error',
          message,
          details: [{ path: 'locale', message }],
        });
      }
      articles = articles.map((a) => (a.id === id ? { ...a, ...(call.body as object) } : a));
      return json(
        200,
        articles.find((a) => a.id === id),
      );
    },
    [`DELETE /dashboardapi/help-center/articles/${id}`]: () => {
      articles = articles.filter((a) => a.id !== id);
      return json(200, { ok: true });
    },
    [`GET /dashboardapi/help-center/articles/${id}/translations`]: () =>
      json(200, {
        locale: articles.find((a) => a.id === id)?.locale ?? 'en',
        translations: translations.get(id) ?? [],
      }),
    [`PUT /dashboardapi/help-center/articles/${id}/translations/es`]: (call) => {
      const { title, body } = call.body as { title: string; body: string };
      if (!title.trim())
        return json(400, {
          code: 'validation_error',
          message: 'title: Give the translation a title.',
          details: [{ path: 'title', message: 'Give the translation a title.' }],
        });
      const saved = {
        locale: 'es' as const,
        title: title.trim(),
        body,
        created_at: '2026-05-03T10:00:00.000Z',
        updated_at: '2026-05-03T10:00:00.000Z',
      };
      translations.set(id, [
        ...(translations.get(id) ?? []).filter((tr) => tr.locale !== 'es'),
        saved,
      ]);
      return json(200, saved);
    },
  });
  for (const id of [1, 2, 50, 51]) Object.assign(routes, byId(id));
  return routes;
}

function Location() {
  const l = useLocation();
  return <div data-testid="location">{`${l.pathname}${l.search}`}</div>;
}

function renderSettings(
  routes: Record<string, Reply>,
  at = '/settings/help-center-articles',
  permission: 'owner' | 'admin' | 'agent' = 'owner',
) {
  signInCookies();
  const api = fakeApi(routes);
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: permission }));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <Provider store={store}>
      <AppProviders>
        <ToastHost />
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/settings/help-center-articles" element={<HelpCenterSettingsPage />} />
            <Route path="/settings/help-center-articles/new" element={<ArticleEditorPage />} />
            <Route
              path="/settings/help-center-articles/:articleId"
              element={<ArticleEditorPage />}
            />
          </Routes>
          <Location />
        </MemoryRouter>
      </AppProviders>
    </Provider>,
  );
  return { api, user };
}

const DRAFT = article({
  id: 2,
  title: 'Gift cards',
  slug: 'gift-cards',
  category_id: null,
  status: 'draft',
  excerpt: 'Coming in autumn.',
  body: '<p>Coming in autumn.</p>',
  published_at: null,
  public_url: `${BASE}gift-cards`,
});

const rowTitles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('link')[0]?.textContent)
    .filter(Boolean);

const location = () => screen.getByTestId('location').textContent;

// jsdom + antd are slow on small machines; these are whole flows.
describe('help center settings (/settings/help-center-articles)', { timeout: 120_000 }, () => {
  it('lists articles with their status and category; searches, filters by status and by category', async () => {
    const { api, user } = renderSettings(helpServer([article({}), DRAFT]));
    expect(await screen.findByRole('link', { name: 'Track your order' })).toBeInTheDocument();
    expect(rowTitles()).toEqual(['Track your order', 'Gift cards']);
    const published = screen.getByRole('link', { name: 'Track your order' }).closest('tr')!;
    expect(within(published).getByText('Published')).toBeInTheDocument();
    expect(within(published).getByText('Shipping')).toBeInTheDocument();
    const draft = screen.getByRole('link', { name: 'Gift cards' }).closest('tr')!;
    expect(within(draft).getByText('Draft')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'gift');
    await waitFor(() => expect(rowTitles()).toEqual(['Gift cards']));
    const searched = api.callsTo('GET /dashboardapi/help-center/articles').at(-1)!;
    expect(new URL(searched.url, 'http://x').searchParams.get('q')).toBe('gift');
    await user.clear(screen.getByRole('searchbox', { name: 'Search articles' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'zzz');
    expect(await screen.findByText('No article matches “zzz”.')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search articles' }));

    await user.click(screen.getByText('Drafts'));
    await waitFor(() => expect(rowTitles()).toEqual(['Gift cards']));
    await user.click(screen.getByText('All'));
    await waitFor(() => expect(rowTitles()).toHaveLength(2));

    const nav = screen.getByRole('navigation', { name: 'Help center categories' });
    await user.click(within(nav).getByText('Shipping'));
    await waitFor(() => expect(rowTitles()).toEqual(['Track your order']));
    const filtered = api.callsTo('GET /dashboardapi/help-center/articles').at(-1)!;
    expect(new URL(filtered.url, 'http://x').searchParams.get('category_id')).toBe('5');
  });

  it('writes a new article with the editor and publishes it; the editor then shows the saved article', async () => {
    const { api, user } = renderSettings(helpServer([]));
    await user.click(await screen.findByRole('button', { name: /New article/ }));
    await waitFor(() => expect(location()).toBe('/settings/help-center-articles/new'));

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Give the article a title.')).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/help-center/articles')).toHaveLength(0);

    await user.type(screen.getByLabelText('Title'), 'Return an item');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByTitle('Shipping'));
    const editor = screen.getByRole('textbox', { name: 'Article text' });
    expect(editor).toHaveAttribute('contenteditable', 'true');
    await typeAtEnd(user, editor, 'Within 30 days.');
    choose(editor, '30 days');
    await user.click(screen.getByRole('button', { name: 'Bold' }));

    // The preview shows the text in a sandboxed frame: nothing in it can run.
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByTitle('Article preview');
    expect(preview).toHaveAttribute('sandbox', '');
    expect(preview.getAttribute('srcdoc')).toContain('<strong>30 days</strong>');
    await user.click(screen.getByRole('tab', { name: 'Write' }));

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(api.callsTo('POST /dashboardapi/help-center/articles')).toHaveLength(1),
    );
    expect(api.callsTo('POST /dashboardapi/help-center/articles')[0]!.body).toEqual({
      title: 'Return an item',
      body: '<p>Within <strong>30 days</strong>.</p>',
      category_id: 5,
      status: 'published',
      locale: 'en',
    });
    await waitFor(() => expect(location()).toBe('/settings/help-center-articles/50'));
    expect(await screen.findByText('Article published')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /View on help center/ })).toHaveAttribute(
      'href',
      `${BASE}return-an-item`,
    );
    // What the server kept is what the editor now holds.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Article text' }).innerHTML).toBe(
        '<p>Within <strong>30 days</strong>.</p>',
      ),
    );
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
  });

  it('shows a web address already in use under its field (409)', async () => {
    const { user } = renderSettings(
      helpServer([article({})]),
      '/settings/help-center-articles/new',
    );
    await user.type(await screen.findByLabelText('Title'), 'Tracking');
    await user.type(screen.getByLabelText('Web address'), 'track-your-order');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText(
        'Another article already uses the web address “track-your-order”. Pick another one.',
      ),
    ).toBeInTheDocument();
    expect(location()).toBe('/settings/help-center-articles/new');
  });

  it('unpublishes and deletes an existing article', async () => {
    const { api, user } = renderSettings(
      helpServer([article({})]),
      '/settings/help-center-articles/1',
    );
    expect(await screen.findByDisplayValue('Track your order')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Article text' }).innerHTML).toBe(
        '<p>Open the shipping email.</p>',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH /dashboardapi/help-center/articles/1')).toHaveLength(1),
    );
    expect(api.callsTo('PATCH /dashboardapi/help-center/articles/1')[0]!.body).toMatchObject({
      status: 'draft',
      title: 'Track your order',
    });
    expect(await screen.findByText('Article unpublished')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = (await screen.findByText('Delete this article?')).closest<HTMLElement>(
      '.ant-popover',
    )!;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE /dashboardapi/help-center/articles/1')).toHaveLength(1),
    );
    await waitFor(() => expect(location()).toBe('/settings/help-center-articles'));
    expect(await screen.findByText(/No articles yet/)).toBeInTheDocument();
  });

  it('adds a category; a name already taken shows in the form', async () => {
    const { api, user } = renderSettings(helpServer([]));
    const nav = await screen.findByRole('navigation', { name: 'Help center categories' });
    await user.click(within(nav).getByRole('button', { name: /Add/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    await user.type(within(dialog).getByLabelText('Name'), 'shipping');
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));
    expect(
      await within(dialog).findByText(
        'A category named “shipping” already exists. Pick another name.',
      ),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Returns');
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(within(nav).getByText('Returns')).toBeInTheDocument());
    expect(api.callsTo('POST /dashboardapi/help-center/categories').at(-1)!.body).toEqual({
      name: 'Returns',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New category' })).toBeNull());
  });

  it('agents read articles but cannot write: no New article, a read-only editor', async () => {
    const { user } = renderSettings(helpServer([article({})]), undefined, 'agent');
    expect(
      await screen.findByText('Only owners and admins can write, publish or delete articles.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New article/ })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Help center categories' });
    expect(within(nav).queryByRole('button', { name: /Add/ })).toBeNull();
    await user.click(await screen.findByRole('link', { name: 'Track your order' }));
    expect(
      await screen.findByText('Only owners and admins can change articles.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Article text' })).toHaveAttribute(
      'contenteditable',
      'false',
    );
    expect(screen.queryByRole('button', { name: /Publish|Unpublish|Save|Delete/ })).toBeNull();
  });

  it('adds a translation in the article’s editor; the server’s word on an empty title shows at its field', async () => {
    const { api, user } = renderSettings(
      helpServer([article({})]),
      '/settings/help-center-articles/1',
    );
    const section = await screen.findByRole('region', { name: 'Translations' });
    expect(within(section).getByRole('combobox', { name: 'Written in' })).toBeInTheDocument();
    // Every language but the article's own, none translated yet.
    expect(within(section).queryByRole('button', { name: 'Add translation: English' })).toBeNull();
    expect(within(section).getAllByText('Not translated')).toHaveLength(6);

    await user.click(
      await within(section).findByRole('button', { name: 'Add translation: Español' }),
    );
    const form = await within(section).findByRole('form', { name: 'Español translation' });
    await user.click(within(form).getByRole('button', { name: 'Save translation' }));
    const error = await within(form).findByText('Give the translation a title.');
    // Under the title field, not above the form.
    expect(error.closest('.ant-form-item')).toContainElement(
      within(form).getByLabelText('Translated title'),
    );

    await user.type(within(form).getByLabelText('Translated title'), 'Rastrea tu pedido');
    await typeAtEnd(
      user,
      within(form).getByRole('textbox', { name: 'Translated text' }),
      'Abre el correo.',
    );
    await user.click(within(form).getByRole('button', { name: 'Save translation' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /dashboardapi/help-center/articles/1/translations/es')).toHaveLength(
        2,
      ),
    );
    expect(
      api.callsTo('PUT /dashboardapi/help-center/articles/1/translations/es')[1]!.body,
    ).toEqual({
      title: 'Rastrea tu pedido',
      body: '<p>Abre el correo.</p>',
    });
    expect(await screen.findByText('Translation saved')).toBeInTheDocument();
    expect(await within(section).findByText('Rastrea tu pedido')).toBeInTheDocument();
    expect(within(section).queryByRole('form')).toBeNull();
    expect(within(section).getByRole('button', { name: 'Edit: Español' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Delete: Español' })).toBeInTheDocument();

    // The article cannot move into a language it has a translation in: the server says so at the field.
    await user.click(within(section).getByRole('combobox', { name: 'Written in' }));
    await user.click(await screen.findByTitle('Español'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH /dashboardapi/help-center/articles/1').at(-1)!.body).toMatchObject({
        locale: 'es',
      }),
    );
    const clash = await within(section).findByText(/already has a translation in Spanish/);
    expect(clash.closest('.ant-form-item')).toContainElement(
      within(section).getByRole('combobox', { name: 'Written in' }),
    );
  });
});
