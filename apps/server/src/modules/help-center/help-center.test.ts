import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  HelpArticle,
  HelpArticleSummary,
  HelpCategory,
  PublicHelpArticle,
  PublicHelpCenter,
} from '@parley/contracts';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';
import { seedDemoIfEmpty } from '../demo/demo.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const ARTICLES = '/dashboardapi/help-center/articles';
const CATEGORIES = '/dashboardapi/help-center/categories';

async function newArticle(s: Session, body: Record<string, unknown>) {
  const res = await as(ctx, s).post(ARTICLES, body);
  expect(res.statusCode).toBe(201);
  return res.json() as HelpArticle;
}

async function newCategory(s: Session, name: string) {
  const res = await as(ctx, s).post(CATEGORIES, { name });
  expect(res.statusCode).toBe(201);
  return res.json() as HelpCategory;
}

async function listOf(s: Session, query = '') {
  const res = await as(ctx, s).get(`${ARTICLES}${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { articles: HelpArticleSummary[] }).articles;
}

const publicGet = (path: string) =>
  ctx.app.inject({ method: 'GET', url: `/dashboardapi/public/help-center/${path}` });

describe('help center settings: categories and articles (/settings/help-center-articles: docs/product/screens.md)', () => {
  it('creates, reads, changes and deletes an article; the web address comes from the title', async () => {
    const owner = await signUp(ctx);
    const billing = await newCategory(owner, 'Billing');
    const created = await newArticle(owner, {
      title: 'Réinitialiser votre mot de passe!',
      body: '<p>Open <strong>Settings</strong>.</p>',
      category_id: billing.id,
    });
    expect(created).toMatchObject({
      title: 'Réinitialiser votre mot de passe!',
      slug: 'reinitialiser-votre-mot-de-passe',
      status: 'draft',
      category_id: billing.id,
      body: '<p>Open <strong>Settings</strong>.</p>',
      excerpt: 'Open Settings.',
      published_at: null,
      public_url: `${ctx.config.publicUrl}/help-center/${owner.accountId}/articles/reinitialiser-votre-mot-de-passe`,
    });

    // The same title again gets the next free address.
    const twin = await newArticle(owner, { title: 'Réinitialiser votre mot de passe' });
    expect(twin.slug).toBe('reinitialiser-votre-mot-de-passe-2');

    const api = as(ctx, owner);
    const published = await api.patch(`${ARTICLES}/${created.id}`, {
      title: 'Reset your password',
      slug: 'reset-password',
      status: 'published',
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      title: 'Reset your password',
      slug: 'reset-password',
      status: 'published',
      body: '<p>Open <strong>Settings</strong>.</p>',
    });
    expect(published.json().published_at).not.toBeNull();
    expect((await api.get(`${ARTICLES}/${created.id}`)).json().slug).toBe('reset-password');

    const categories = (await api.get(CATEGORIES)).json().categories as HelpCategory[];
    expect(categories).toEqual([{ ...billing, article_count: 1 }]);

    expect((await api.delete(`${ARTICLES}/${created.id}`)).statusCode).toBe(200);
    expect((await api.get(`${ARTICLES}/${created.id}`)).statusCode).toBe(404);
    expect((await listOf(owner)).map((a) => a.id)).toEqual([twin.id]);
  });

  it('refuses a web address another article uses (409) and a malformed one (400), in words', async () => {
    const owner = await signUp(ctx);
    const first = await newArticle(owner, { title: 'One', slug: 'shipping' });
    const taken = await as(ctx, owner).post(ARTICLES, { title: 'Two', slug: 'shipping' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'conflict',
      message: 'Another article already uses the web address “shipping”. Pick another one.',
    });
    const other = await newArticle(owner, { title: 'Two' });
    const renamed = await as(ctx, owner).patch(`${ARTICLES}/${other.id}`, { slug: first.slug });
    expect(renamed.statusCode).toBe(409);

    const bad = await as(ctx, owner).post(ARTICLES, { title: 'Three', slug: 'no spaces!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_error');
    expect(bad.json().message).toMatch(/lowercase letters, digits and single dashes/);
    const untitled = await as(ctx, owner).post(ARTICLES, { title: '   ' });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().message).toMatch(/Give the article a title/);
  });

  it('keeps category names unique ignoring case, orders categories, and deleting one leaves its articles uncategorized', async () => {
    const owner = await signUp(ctx);
    const api = as(ctx, owner);
    const a = await newCategory(owner, 'Shipping');
    const b = await newCategory(owner, 'Returns');
    expect([a.position, b.position]).toEqual([0, 1]);
    const dup = await api.post(CATEGORIES, { name: 'shipping' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(
      'A category named “shipping” already exists. Pick another name.',
    );

    const moved = await api.patch(`${CATEGORIES}/${b.id}`, {
      position: 0,
      name: 'Returns & refunds',
    });
    expect(moved.statusCode).toBe(200);
    await api.patch(`${CATEGORIES}/${a.id}`, { position: 1 });
    const order = (await api.get(CATEGORIES)).json().categories as HelpCategory[];
    expect(order.map((c) => c.name)).toEqual(['Returns & refunds', 'Shipping']);

    const article = await newArticle(owner, { title: 'Return label', category_id: b.id });
    const gone = await api.delete(`${CATEGORIES}/${b.id}`);
    expect(gone.json()).toEqual({ ok: true, uncategorized_articles: 1 });
    expect((await api.get(`${ARTICLES}/${article.id}`)).json().category_id).toBeNull();
    expect((await listOf(owner, '?category_id=none')).map((x) => x.id)).toEqual([article.id]);
  });

  it('agents read the help center but only owners and admins write it (403)', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const category = await newCategory(owner, 'General');
    const article = await newArticle(owner, { title: 'Hello', body: '<p>hi</p>' });
    const agent = as(ctx, mate);

    expect((await agent.get(`${ARTICLES}/${article.id}`)).json().title).toBe('Hello');
    expect((await listOf(mate)).map((a) => a.id)).toEqual([article.id]);
    expect((await agent.get(CATEGORIES)).json().categories).toHaveLength(1);

    const refused = await Promise.all([
      agent.post(ARTICLES, { title: 'Mine' }),
      agent.patch(`${ARTICLES}/${article.id}`, { status: 'published' }),
      agent.delete(`${ARTICLES}/${article.id}`),
      agent.post(CATEGORIES, { name: 'Mine' }),
      agent.patch(`${CATEGORIES}/${category.id}`, { name: 'Renamed' }),
      agent.delete(`${CATEGORIES}/${category.id}`),
    ]);
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'forbidden',
        message: 'Only owners and admins can do that.',
      });
    }
    expect((await as(ctx, owner).get(`${ARTICLES}/${article.id}`)).json().status).toBe('draft');
  });
});

describe('help center article bodies are sanitized on save (allow-list: docs/ARCHITECTURE.md)', () => {
  it('strips scripts, event handlers, javascript: links and unknown markup, keeping the formatting', async () => {
    const owner = await signUp(ctx);
    const article = await newArticle(owner, {
      title: 'Formatting',
      body: [
        '<h2 onclick="steal()">Steps</h2>',
        '<script>alert(document.cookie)</script>',
        '<p style="color:red">Go to <a href="javascript:alert(1)">here</a> or ',
        '<a href="https://example.com/x?a=1&b=2" target="_blank">there</a>.</p>',
        '<img src="x" onerror="alert(1)"><img src="data:text/html,<script>1</script>">',
        '<iframe src="https://evil.example"></iframe><svg><script>1</script></svg>',
        '<ol><li><em>first</em></li></ol><custom-tag>kept text</custom-tag>',
      ].join(''),
    });
    expect(article.body).toBe(
      '<h2>Steps</h2><p>Go to <a>here</a> or ' +
        '<a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">there</a>.</p>' +
        '<img src="x"><img><ol><li><em>first</em></li></ol>kept text',
    );
    expect(article.body).not.toMatch(/script|onerror|onclick|javascript|iframe|style=/i);
    expect(article.excerpt).toBe('Steps Go to here or there. first kept text');

    const changed = await as(ctx, owner).patch(`${ARTICLES}/${article.id}`, {
      body: '<p>ok</p><a href=" JaVa&#x09;ScRiPt:alert(1)">x</a><div onmouseover="x()">y</div>',
    });
    expect(changed.json().body).toBe('<p>ok</p><a>x</a><div>y</div>');
  });
});

describe('help center search (PostgreSQL full text over title and body)', () => {
  it('finds articles by words of the title or body, as prefixes, best match first', async () => {
    const owner = await signUp(ctx);
    const refund = await newArticle(owner, {
      title: 'Refund policy',
      body: '<p>We refund within <strong>three</strong> days.</p>',
      status: 'published',
    });
    const shipping = await newArticle(owner, {
      title: 'Shipping times',
      body: '<p>Parcels leave the warehouse daily; a refund of shipping is possible.</p>',
    });
    await newArticle(owner, { title: 'Passwords', body: '<p>Use the reset link.</p>' });

    const ids = async (q: string, extra = '') =>
      (await listOf(owner, `?q=${encodeURIComponent(q)}${extra}`)).map((a) => a.id);
    expect(await ids('refund')).toEqual([refund.id, shipping.id]);
    expect(await ids('warehouse')).toEqual([shipping.id]);
    expect(await ids('refun pol')).toEqual([refund.id]);
    expect(await ids('REFUND', '&status=draft')).toEqual([shipping.id]);
    // Markup is not text: a tag name finds nothing.
    expect(await ids('strong')).toEqual([]);
    expect(await ids('nothing-like-this')).toEqual([]);
    expect(await ids('%$&!')).toEqual([]);
  });
});

describe('the public help center (/help-center/helpcenter: docs/product/screens.md)', () => {
  it('shows published articles only: drafts are never public, without sign-in', async () => {
    const owner = await signUp(ctx, { account_name: 'Acme Outdoors' });
    const shipping = await newCategory(owner, 'Shipping');
    await newCategory(owner, 'Empty');
    const live = await newArticle(owner, {
      title: 'Delivery times',
      body: '<p>Three to five days.</p>',
      category_id: shipping.id,
      status: 'published',
    });
    const draft = await newArticle(owner, {
      title: 'Delivery to the moon',
      body: '<p>Secret plans.</p>',
      category_id: shipping.id,
    });

    const res = await publicGet(String(owner.accountId));
    expect(res.statusCode).toBe(200);
    const center = res.json() as PublicHelpCenter;
    expect(center.help_center).toEqual({ account_id: owner.accountId, name: 'Acme Outdoors' });
    expect(center.articles.map((a) => a.slug)).toEqual([live.slug]);
    expect(center.articles[0]).not.toHaveProperty('status');
    // Empty categories (and counts of drafts) are not shown.
    expect(center.categories).toEqual([{ ...shipping, article_count: 1 }]);
    const searched = (await publicGet(`${owner.accountId}?q=delivery`)).json() as PublicHelpCenter;
    expect(searched.articles.map((a) => a.id)).toEqual([live.id]);

    const article = await publicGet(`${owner.accountId}/articles/${live.slug}`);
    expect(article.statusCode).toBe(200);
    expect(article.json()).toMatchObject({
      article: { title: 'Delivery times', body: '<p>Three to five days.</p>' },
      category: { id: shipping.id, name: 'Shipping' },
    } satisfies Partial<Record<keyof PublicHelpArticle, unknown>>);
    const hidden = await publicGet(`${owner.accountId}/articles/${draft.slug}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ code: 'not_found', message: 'That article was not found.' });

    // Unpublishing takes it off the public side at once; with nothing published, no help center.
    await as(ctx, owner).patch(`${ARTICLES}/${live.id}`, { status: 'draft' });
    expect((await publicGet(`${owner.accountId}/articles/${live.slug}`)).statusCode).toBe(404);
    const closed = await publicGet(String(owner.accountId));
    expect(closed.statusCode).toBe(404);
    expect(closed.json().message).toBe('That help center was not found.');
  });

  it('answers 404 for accounts that do not exist and for addresses that are not an account', async () => {
    for (const center of ['999999', 'nope', '99999999999']) {
      const res = await publicGet(center);
      expect(res.statusCode).toBe(404);
    }
    // Without OPERATOR_ACCOUNT_ID and with the demo off, there is no default help center.
    expect((await publicGet('helpcenter')).statusCode).toBe(404);
  });

  it('/help-center/helpcenter shows the operator workspace: the demo one, seeded with articles', async () => {
    const demo = await createTestContext({ DEMO: 'on' });
    try {
      await seedDemoIfEmpty(demo.deps);
      const res = await demo.app.inject({
        method: 'GET',
        url: '/dashboardapi/public/help-center/helpcenter',
      });
      expect(res.statusCode).toBe(200);
      const center = res.json() as PublicHelpCenter;
      expect(center.help_center.name).toBe('Northwind Outfitters');
      expect(center.categories.map((c) => c.name)).toEqual([
        'Orders & shipping',
        'Returns & refunds',
        'Your account',
      ]);
      expect(center.articles.length).toBeGreaterThanOrEqual(5);
      expect(center.articles.map((a) => a.slug)).not.toContain('change-your-email-address');
      const article = await demo.app.inject({
        method: 'GET',
        url: '/dashboardapi/public/help-center/helpcenter/articles/return-an-item',
      });
      expect(article.json().article.title).toBe('Return an item');
    } finally {
      await demo.close();
    }
  });

  it('follows OPERATOR_ACCOUNT_ID for /help-center/helpcenter', async () => {
    // A fresh database: its first account gets id 1.
    const operated = await createTestContext({ OPERATOR_ACCOUNT_ID: '1' });
    try {
      const owner = await signUp(operated, { account_name: 'Operator Inc' });
      expect(owner.accountId).toBe(1);
      const created = await as(operated, owner).post(ARTICLES, {
        title: 'Operator docs',
        status: 'published',
      });
      expect(created.statusCode).toBe(201);
      const center = await operated.app.inject({
        method: 'GET',
        url: '/dashboardapi/public/help-center/helpcenter',
      });
      expect(center.json().help_center).toEqual({ account_id: 1, name: 'Operator Inc' });
    } finally {
      await operated.close();
    }
  });
});

describe('help center cross-account isolation', () => {
  it("account B gets 404 on account A's articles and categories, and sees none of them", async () => {
    const a = await signUp(ctx, { account_name: 'A Co' });
    const b = await signUp(ctx, { account_name: 'B Co' });
    const category = await newCategory(a, 'A only');
    const article = await newArticle(a, {
      title: 'A secret',
      body: '<p>unique-word-alpha</p>',
      category_id: category.id,
      status: 'published',
    });
    const draft = await newArticle(a, { title: 'A draft' });
    const other = as(ctx, b);

    for (const res of [
      await other.get(`${ARTICLES}/${article.id}`),
      await other.patch(`${ARTICLES}/${article.id}`, { title: 'mine' }),
      await other.delete(`${ARTICLES}/${draft.id}`),
      await other.patch(`${CATEGORIES}/${category.id}`, { name: 'mine' }),
      await other.delete(`${CATEGORIES}/${category.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect(await listOf(b)).toEqual([]);
    expect(await listOf(b, '?q=unique')).toEqual([]);
    expect((await other.get(CATEGORIES)).json().categories).toEqual([]);
    // B cannot file its article under A's category.
    const borrowed = await other.post(ARTICLES, { title: 'x', category_id: category.id });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().message).toBe(
      'That category was not found. Reload the page and pick another one.',
    );
    // The same web address is free in another account.
    expect((await newArticle(b, { title: 'A secret', status: 'published' })).slug).toBe(
      article.slug,
    );
    const publicB = (await publicGet(String(b.accountId))).json() as PublicHelpCenter;
    expect(publicB.articles.map((x) => x.title)).toEqual(['A secret']);
    expect(publicB.articles[0]!.id).not.toBe(article.id);
    const viaB = await publicGet(`${b.accountId}/articles/${article.slug}`);
    expect(viaB.json().article.id).not.toBe(article.id);
    expect((await as(ctx, a).get(`${ARTICLES}/${article.id}`)).json().title).toBe('A secret');
  });
});

describe('help center API documentation', () => {
  it('lists the help-center endpoints in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/dashboardapi/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/dashboardapi/help-center/articles',
        '/dashboardapi/help-center/articles/{id}',
        '/dashboardapi/help-center/categories',
        '/dashboardapi/public/help-center/{center}',
        '/dashboardapi/public/help-center/{center}/articles/{slug}',
      ]),
    );
  });
});
