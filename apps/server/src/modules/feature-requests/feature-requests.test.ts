import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  FEATURE_REQUEST_PATHS as P,
  FEATURE_REQUESTS_PER_DAY,
  type FeatureRequest,
  type FeatureRequestDetail,
} from '@parley/contracts';
import { featureRequests } from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';

const TOKEN = 'op_'.padEnd(40, 'f');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', OPERATOR_TOKEN: TOKEN });
});
afterAll(() => ctx.close());

/** A word no other test uses, so searches see only this test's requests on the shared board. */
const word = () => `zq${crypto.randomBytes(4).toString('hex')}`;

const operator = (method: 'PATCH' | 'DELETE', url: string, body?: unknown, token = TOKEN) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function post(s: Session, title: string, description = '') {
  const res = await as(ctx, s).post(P.list, { title, description });
  expect(res.statusCode).toBe(201);
  return res.json() as FeatureRequestDetail;
}

async function list(s: Session, query = '') {
  const res = await as(ctx, s).get(`${P.list}${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { feature_requests: FeatureRequest[] }).feature_requests;
}

describe('feature requests: posting and listing', () => {
  it('posts a request under review with the author’s vote and lists it with counts', async () => {
    const s = await signUp(ctx, { name: 'Ada Author' });
    const w = word();
    const created = await post(s, `  Dark mode ${w} `, 'Please add a dark theme.');
    expect(created).toMatchObject({
      title: `Dark mode ${w}`,
      description: 'Please add a dark theme.',
      status: 'under_review',
      vote_count: 1,
      voted: true,
      comment_count: 0,
      comments: [],
      author: { name: 'Ada Author', initials: 'AA', is_me: true },
    });
    const [listed] = await list(s, `?search=${w}`);
    expect(listed).toMatchObject({ id: created.id, vote_count: 1, voted: true, comment_count: 0 });
  });

  it('sorts by votes (top, the default) or by date (new)', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const w = word();
    const older = await post(owner, `Older ${w}`);
    const newer = await post(owner, `Newer ${w}`);
    expect((await as(ctx, mate).post(P.vote(older.id))).statusCode).toBe(200);
    expect((await list(owner, `?search=${w}`)).map((r) => r.id)).toEqual([older.id, newer.id]);
    expect((await list(owner, `?search=${w}&sort=top`)).map((r) => r.vote_count)).toEqual([2, 1]);
    expect((await list(owner, `?search=${w}&sort=new`)).map((r) => r.id)).toEqual([
      newer.id,
      older.id,
    ]);
  });

  it('searches title and description, ignoring case, with % and _ taken literally', async () => {
    const s = await signUp(ctx);
    const w = word();
    const inTitle = await post(s, `Export ${w.toUpperCase()} to CSV`);
    const inBody = await post(s, 'Another idea', `Mentions ${w} in the description, 100%_sure`);
    expect((await list(s, `?search=${w}`)).map((r) => r.id).sort()).toEqual(
      [inTitle.id, inBody.id].sort(),
    );
    expect(
      (await list(s, `?search=${encodeURIComponent(`${w} in the`)}`)).map((r) => r.id),
    ).toEqual([inBody.id]);
    expect(await list(s, `?search=${encodeURIComponent(`${w}%`)}`)).toEqual([]);
    expect(await list(s, `?search=${word()}`)).toEqual([]);
  });

  it('filters by status', async () => {
    const s = await signUp(ctx);
    const w = word();
    const a = await post(s, `A ${w}`);
    const b = await post(s, `B ${w}`);
    expect((await operator('PATCH', P.operatorOne(b.id), { status: 'planned' })).statusCode).toBe(
      200,
    );
    expect((await list(s, `?search=${w}&status=planned`)).map((r) => r.id)).toEqual([b.id]);
    expect((await list(s, `?search=${w}&status=under_review`)).map((r) => r.id)).toEqual([a.id]);
    const bad = await as(ctx, s).get(`${P.list}?status=shipped`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error' });
  });

  it('refuses an empty or too long title, too long description and unknown fields with 400', async () => {
    const s = await signUp(ctx);
    for (const body of [
      { title: '   ' },
      { title: 'x'.repeat(121) },
      { title: 'ok', description: 'x'.repeat(5001) },
      { title: 'ok', status: 'done' },
    ]) {
      const res = await as(ctx, s).post(P.list, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
    }
    expect((await as(ctx, s).post(P.list, { title: 'x'.repeat(120) })).statusCode).toBe(201);
  });

  it(`lets one person post ${FEATURE_REQUESTS_PER_DAY} requests a day, then answers 429 rate_limited`, async () => {
    const s = await signUp(ctx);
    const other = await signUp(ctx);
    for (let i = 0; i < FEATURE_REQUESTS_PER_DAY; i += 1) await post(s, `Idea ${i}`);
    const res = await as(ctx, s).post(P.list, { title: 'One too many' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
    // Another person is not held back, and older requests do not count.
    await post(other, 'Still fine');
    await ctx.deps.db
      .update(featureRequests)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(featureRequests.authorId, s.userId));
    await post(s, 'A day later');
  });

  it('needs a signed-in agent', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: P.list });
    expect(res.statusCode).toBe(401);
  });
});

describe('feature requests: votes', () => {
  it('counts one vote per person: voting twice keeps one, un-voting removes it', async () => {
    const author = await signUp(ctx);
    const voter = await signUp(ctx);
    const r = await post(author, `Vote me ${word()}`);
    const api = as(ctx, voter);
    expect((await api.post(P.vote(r.id))).json()).toEqual({ vote_count: 2, voted: true });
    expect((await api.post(P.vote(r.id))).json()).toEqual({ vote_count: 2, voted: true });
    expect((await api.get(P.one(r.id))).json()).toMatchObject({ vote_count: 2, voted: true });
    expect((await api.delete(P.vote(r.id))).json()).toEqual({ vote_count: 1, voted: false });
    expect((await api.delete(P.vote(r.id))).json()).toEqual({ vote_count: 1, voted: false });
    expect((await api.get(P.one(r.id))).json()).toMatchObject({ vote_count: 1, voted: false });
    // The author may take back their own vote too.
    expect((await as(ctx, author).delete(P.vote(r.id))).json()).toEqual({
      vote_count: 0,
      voted: false,
    });
  });

  it('answers 404 for a request that does not exist', async () => {
    const s = await signUp(ctx);
    const res = await as(ctx, s).post(P.vote(2_000_000_000));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect((await as(ctx, s).get(P.one(2_000_000_000))).statusCode).toBe(404);
  });
});

describe('feature requests: comments', () => {
  it('adds plain-text comments, oldest first, with the author’s name and a count', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const r = await post(owner, `Commented ${word()}`);
    const first = await as(ctx, mate).post(P.comments(r.id), { body: ' <b>Yes</b> please ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      body: '<b>Yes</b> please',
      author: { name: 'Tariq Teammate', is_me: true },
    });
    await as(ctx, owner).post(P.comments(r.id), { body: 'Thanks!' });
    const detail = (await as(ctx, owner).get(P.one(r.id))).json() as FeatureRequestDetail;
    expect(detail.comment_count).toBe(2);
    expect(detail.comments.map((c) => [c.body, c.author?.name, c.author?.is_me])).toEqual([
      ['<b>Yes</b> please', 'Tariq Teammate', false],
      ['Thanks!', 'Olga Owner', true],
    ]);
  });

  it('refuses an empty or too long comment with 400, and a missing request with 404', async () => {
    const s = await signUp(ctx);
    const r = await post(s, `C ${word()}`);
    for (const body of [{ body: '  ' }, { body: 'x'.repeat(2001) }, {}]) {
      const res = await as(ctx, s).post(P.comments(r.id), body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
    }
    expect((await as(ctx, s).post(P.comments(2_000_000_000), { body: 'hi' })).statusCode).toBe(404);
  });
});

describe('feature requests: the operator sets the status', () => {
  it('the operator sets each status and everyone sees it', async () => {
    const s = await signUp(ctx);
    const r = await post(s, `Status ${word()}`);
    for (const status of ['planned', 'in_progress', 'done', 'declined', 'under_review'] as const) {
      const res = await operator('PATCH', P.operatorOne(r.id), { status });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: r.id, status });
      expect((await as(ctx, s).get(P.one(r.id))).json()).toMatchObject({ status });
    }
    const bad = await operator('PATCH', P.operatorOne(r.id), { status: 'shipped' });
    expect(bad.statusCode).toBe(400);
    expect(
      (await operator('PATCH', P.operatorOne(2_000_000_000), { status: 'done' })).statusCode,
    ).toBe(404);
  });

  it('agents cannot set the status: their session, a wrong token or none answer 401', async () => {
    const s = await signUp(ctx);
    const r = await post(s, `Mine ${word()}`);
    expect((await as(ctx, s).patch(P.operatorOne(r.id), { status: 'done' })).statusCode).toBe(401);
    expect(
      (await operator('PATCH', P.operatorOne(r.id), { status: 'done' }, 'op_'.padEnd(40, 'y')))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: P.operatorOne(r.id),
          payload: { status: 'done' },
        })
      ).statusCode,
    ).toBe(401);
    // Nor through the agent API: there is no status field to send.
    expect((await as(ctx, s).patch(P.one(r.id), { status: 'done' })).statusCode).toBe(404);
    expect((await as(ctx, s).get(P.one(r.id))).json()).toMatchObject({ status: 'under_review' });
  });

  it('only the operator removes a comment', async () => {
    const s = await signUp(ctx);
    const r = await post(s, `Moderated ${word()}`);
    const c = (await as(ctx, s).post(P.comments(r.id), { body: 'spam' })).json() as { id: number };
    expect((await as(ctx, s).delete(P.operatorComment(r.id, c.id))).statusCode).toBe(401);
    // The comment must belong to that request.
    const other = await post(s, `Other ${word()}`);
    expect((await operator('DELETE', P.operatorComment(other.id, c.id))).statusCode).toBe(404);
    const res = await operator('DELETE', P.operatorComment(r.id, c.id));
    expect(res.statusCode).toBe(200);
    expect((await as(ctx, s).get(P.one(r.id))).json()).toMatchObject({
      comment_count: 0,
      comments: [],
    });
    expect((await operator('DELETE', P.operatorComment(r.id, c.id))).statusCode).toBe(404);
  });
});

describe('feature requests across accounts', () => {
  it('shows another account’s requests and comments with the author’s name only — no email, no account', async () => {
    const a = await signUp(ctx, { name: 'Alice Acme', account_name: 'Acme Secret Corp' });
    const b = await signUp(ctx, { name: 'Bob Beta', account_name: 'Beta Hidden Ltd' });
    const w = word();
    const r = await post(a, `Shared ${w}`);
    await as(ctx, a).post(P.comments(r.id), { body: 'From Alice' });
    await as(ctx, b).post(P.vote(r.id));
    await as(ctx, b).post(P.comments(r.id), { body: 'From Bob' });

    const seenByB = await as(ctx, b).get(P.one(r.id));
    const listedForB = await as(ctx, b).get(`${P.list}?search=${w}`);
    for (const body of [seenByB.body, listedForB.body]) {
      expect(body).toContain('Alice Acme');
      expect(body).not.toContain(a.email);
      expect(body).not.toContain('Acme Secret Corp');
      expect(body).not.toMatch(/"(email|account_id|account_name|author_id)"/);
    }
    expect(seenByB.json()).toMatchObject({
      vote_count: 2,
      voted: true,
      author: { name: 'Alice Acme', is_me: false },
    });
    const seenByA = await as(ctx, a).get(P.one(r.id));
    expect(seenByA.body).not.toContain(b.email);
    expect(seenByA.body).not.toContain('Beta Hidden Ltd');
    expect((seenByA.json() as FeatureRequestDetail).comments.map((c) => c.author?.name)).toEqual([
      'Alice Acme',
      'Bob Beta',
    ]);
  });
});

describe('feature requests in the OpenAPI document', () => {
  it('documents the agent and operator routes', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/dashboardapi/docs/json' })).json();
    const paths = doc.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/dashboardapi/feature-requests'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(paths['/dashboardapi/feature-requests/{id}']).toHaveProperty('get');
    expect(Object.keys(paths['/dashboardapi/feature-requests/{id}/vote'] ?? {})).toEqual(
      expect.arrayContaining(['post', 'delete']),
    );
    expect(paths['/dashboardapi/feature-requests/{id}/comments']).toHaveProperty('post');
    expect(paths['/operatorapi/feature-requests/{id}']).toHaveProperty('patch');
    expect(paths['/operatorapi/feature-requests/{id}/comments/{commentId}']).toHaveProperty(
      'delete',
    );
  });
});
