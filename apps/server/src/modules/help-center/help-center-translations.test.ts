import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  HelpArticle,
  HelpArticleTranslation,
  HelpArticleTranslationListResponse,
  PublicHelpArticle,
  PublicHelpCenter,
} from '@parley/contracts';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const ARTICLES = '/dashboardapi/help-center/articles';
const translationsOf = (id: number) => `${ARTICLES}/${id}/translations`;

async function newArticle(s: Session, body: Record<string, unknown>) {
  const res = await as(ctx, s).post(ARTICLES, body);
  expect(res.statusCode).toBe(201);
  return res.json() as HelpArticle;
}

async function translate(s: Session, id: number, locale: string, body: Record<string, unknown>) {
  const res = await as(ctx, s).put(`${translationsOf(id)}/${locale}`, body);
  expect(res.statusCode).toBe(200);
  return res.json() as HelpArticleTranslation;
}

const publicGet = (path: string, acceptLanguage?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/dashboardapi/public/help-center/${path}`,
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  });

describe('article translations (docs/product/help-center.md, "Languages")', () => {
  it('adds, lists, replaces and deletes a translation; an article is written in English unless told', async () => {
    const owner = await signUp(ctx);
    const article = await newArticle(owner, {
      title: 'Return an item',
      body: '<p>Within 30 days.</p>',
    });
    expect(article.locale).toBe('en');
    const api = as(ctx, owner);

    const empty = (await api.get(translationsOf(article.id))).json();
    expect(empty).toEqual({ locale: 'en', translations: [] });

    const es = await translate(owner, article.id, 'es', {
      title: 'Devolver un artículo',
      body: '<p>En <strong>30 días</strong>.</p>',
    });
    expect(es).toMatchObject({
      locale: 'es',
      title: 'Devolver un artículo',
      body: '<p>En <strong>30 días</strong>.</p>',
    });
    await translate(owner, article.id, 'pt-BR', { title: 'Devolver um item' });

    const replaced = await translate(owner, article.id, 'es', {
      title: '  Devolver un producto ',
      body: '<p>Dentro de 30 días.</p>',
    });
    expect(replaced).toMatchObject({
      title: 'Devolver un producto',
      body: '<p>Dentro de 30 días.</p>',
    });
    expect(replaced.created_at).toBe(es.created_at);

    const listed = (
      await api.get(translationsOf(article.id))
    ).json() as HelpArticleTranslationListResponse;
    expect(listed.translations.map((t) => [t.locale, t.title])).toEqual([
      ['es', 'Devolver un producto'],
      ['pt-BR', 'Devolver um item'],
    ]);

    expect((await api.delete(`${translationsOf(article.id)}/es`)).json()).toEqual({ ok: true });
    const again = await api.delete(`${translationsOf(article.id)}/es`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 'not_found', message: 'That translation was not found.' });
    const left = (
      await api.get(translationsOf(article.id))
    ).json() as HelpArticleTranslationListResponse;
    expect(left.translations.map((t) => t.locale)).toEqual(['pt-BR']);

    // Deleting the article takes its translations with it.
    await api.delete(`${ARTICLES}/${article.id}`);
    expect((await api.get(translationsOf(article.id))).statusCode).toBe(404);
  });

  it('refuses an empty title, an unknown language and the article’s own language, naming the field (400)', async () => {
    const owner = await signUp(ctx);
    const article = await newArticle(owner, { title: 'Livraison', locale: 'fr' });
    expect(article.locale).toBe('fr');
    const api = as(ctx, owner);

    const untitled = await api.put(`${translationsOf(article.id)}/es`, {
      title: '  ',
      body: '<p>x</p>',
    });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json()).toMatchObject({
      code: 'validation_error',
      message: 'title: Give the translation a title.',
      details: [{ path: 'title', message: 'Give the translation a title.' }],
    });

    const unknown = await api.put(`${translationsOf(article.id)}/klingon`, { title: 'Qapla’' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('validation_error');
    expect(unknown.json().message).toMatch(/^locale: Pick one of the help center’s languages/);
    expect(unknown.json().details[0].path).toBe('locale');

    const own = await api.put(`${translationsOf(article.id)}/fr`, { title: 'Livraison' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({
      code: 'validation_error',
      message:
        'The article itself is written in French. Pick another language for the translation.',
      details: [
        {
          path: 'locale',
          message:
            'The article itself is written in French. Pick another language for the translation.',
        },
      ],
    });
    expect((await api.get(translationsOf(article.id))).json().translations).toEqual([]);
  });

  it('changes the article’s own language, but not into one it has a translation in', async () => {
    const owner = await signUp(ctx);
    const article = await newArticle(owner, { title: 'Shipping' });
    await translate(owner, article.id, 'de', { title: 'Versand' });
    const api = as(ctx, owner);

    const clash = await api.patch(`${ARTICLES}/${article.id}`, { locale: 'de' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().details).toEqual([
      {
        path: 'locale',
        message:
          'This article already has a translation in German. Delete that translation first, or pick another language.',
      },
    ]);
    const moved = await api.patch(`${ARTICLES}/${article.id}`, { locale: 'en' });
    expect(moved.statusCode).toBe(200);
    const changed = await api.patch(`${ARTICLES}/${article.id}`, { locale: 'hi' });
    expect(changed.json().locale).toBe('hi');
    const bad = await api.patch(`${ARTICLES}/${article.id}`, { locale: 'xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('locale');
  });

  it('sanitizes a translation’s body as the article’s: a <script> is gone', async () => {
    const owner = await signUp(ctx);
    const article = await newArticle(owner, { title: 'Formatting' });
    const saved = await translate(owner, article.id, 'fr', {
      title: 'Mise en forme',
      body: '<h2 onclick="steal()">Étapes</h2><script>alert(document.cookie)</script><p><a href="javascript:alert(1)">ici</a></p>',
    });
    expect(saved.body).toBe('<h2>Étapes</h2><p><a>ici</a></p>');
    expect(saved.body).not.toMatch(/script|onclick|javascript/i);
  });

  it('agents read translations but only owners and admins write them (403)', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const article = await newArticle(owner, { title: 'Hello' });
    await translate(owner, article.id, 'es', { title: 'Hola' });
    const agent = as(ctx, mate);
    expect((await agent.get(translationsOf(article.id))).json().translations).toHaveLength(1);
    for (const res of [
      await agent.put(`${translationsOf(article.id)}/fr`, { title: 'Bonjour' }),
      await agent.delete(`${translationsOf(article.id)}/es`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
  });

  it("another account's article is not found (404), and its translations stay as they were", async () => {
    const a = await signUp(ctx, { account_name: 'A Co' });
    const b = await signUp(ctx, { account_name: 'B Co' });
    const article = await newArticle(a, { title: 'Secret' });
    await translate(a, article.id, 'es', { title: 'Secreto' });
    const other = as(ctx, b);
    for (const res of [
      await other.get(translationsOf(article.id)),
      await other.put(`${translationsOf(article.id)}/es`, { title: 'Mío' }),
      await other.put(`${translationsOf(article.id)}/fr`, { title: 'À moi' }),
      await other.delete(`${translationsOf(article.id)}/es`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'That article was not found.' });
    }
    const kept = (await as(ctx, a).get(translationsOf(article.id))).json();
    expect(kept.translations.map((t: HelpArticleTranslation) => [t.locale, t.title])).toEqual([
      ['es', 'Secreto'],
    ]);
  });
});

describe('the public help center in the visitor’s language (docs/product/help-center.md, "Languages")', () => {
  async function translatedCentre() {
    const owner = await signUp(ctx, { account_name: 'Multilingual Co' });
    const article = await newArticle(owner, {
      title: 'Return an item',
      body: '<p>Within 30 days.</p>',
      status: 'published',
    });
    await translate(owner, article.id, 'pt-BR', {
      title: 'Devolver um item',
      body: '<p>Em até 30 dias.</p>',
    });
    await translate(owner, article.id, 'ar', { title: 'إرجاع منتج', body: '<p>خلال 30 يومًا.</p>' });
    const plain = await newArticle(owner, { title: 'Gift cards', status: 'published' });
    return { owner, article, plain, path: `${owner.accountId}/articles/${article.slug}` };
  }

  it('serves ?lang= when the article has it, with the languages it exists in', async () => {
    const { path } = await translatedCentre();
    const res = await publicGet(`${path}?lang=ar`, 'pt-BR,pt;q=0.9');
    expect(res.statusCode).toBe(200);
    const answer = res.json() as PublicHelpArticle;
    expect(answer.article).toMatchObject({
      locale: 'ar',
      title: 'إرجاع منتج',
      body: '<p>خلال 30 يومًا.</p>',
      slug: 'return-an-item',
    });
    expect(answer.languages).toEqual(['en', 'pt-BR', 'ar']);
    // A language the article lacks is passed over: the browser's comes next.
    const missing = (await publicGet(`${path}?lang=de`, 'pt-BR')).json() as PublicHelpArticle;
    expect(missing.article.locale).toBe('pt-BR');
  });

  it('follows the browser’s Accept-Language, a regional variant counting as its language (pt-PT reads pt-BR)', async () => {
    const { path } = await translatedCentre();
    const answer = (await publicGet(path, 'pt-PT, fr;q=0.9, en;q=0.8')).json() as PublicHelpArticle;
    expect(answer.article).toMatchObject({ locale: 'pt-BR', title: 'Devolver um item' });
    expect(answer.article.body).toBe('<p>Em até 30 dias.</p>');
    // The first language the article has wins, even after one it lacks.
    const second = (await publicGet(path, 'de-DE, ar;q=0.5, en;q=0.1')).json() as PublicHelpArticle;
    expect(second.article.locale).toBe('ar');
  });

  it('falls back to the article’s own language when it has none of the visitor’s', async () => {
    const { path } = await translatedCentre();
    for (const header of ['ja-JP, de;q=0.8', undefined]) {
      const answer = (await publicGet(path, header)).json() as PublicHelpArticle;
      expect(answer.article).toMatchObject({ locale: 'en', title: 'Return an item' });
    }
    const nonsense = (await publicGet(`${path}?lang=%20zz`, '*')).json() as PublicHelpArticle;
    expect(nonsense.article.locale).toBe('en');
  });

  it('lists each article in the visitor’s best language, and finds it by the words of a translation', async () => {
    const { owner, article, plain } = await translatedCentre();
    const centre = (await publicGet(String(owner.accountId), 'pt-PT')).json() as PublicHelpCenter;
    const byId = new Map(centre.articles.map((a) => [a.id, a]));
    expect(byId.get(article.id)).toMatchObject({
      locale: 'pt-BR',
      title: 'Devolver um item',
      excerpt: 'Em até 30 dias.',
    });
    expect(byId.get(plain.id)).toMatchObject({ locale: 'en', title: 'Gift cards' });

    const chosen = (
      await publicGet(`${owner.accountId}?lang=ar`, 'pt-PT')
    ).json() as PublicHelpCenter;
    expect(chosen.articles.find((a) => a.id === article.id)?.title).toBe('إرجاع منتج');

    const found = (await publicGet(`${owner.accountId}?q=devolver`)).json() as PublicHelpCenter;
    expect(found.articles.map((a) => a.id)).toEqual([article.id]);
  });
});
