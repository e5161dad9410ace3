import crypto from 'node:crypto';
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { CrawlFixture } from '../../apps/web/src/app/route-table';
import { linkFromMailbox, PASSWORD, uniqueEmail } from './helpers';

export interface Person {
  email: string;
  password: string;
}

/** What the crawl needs: an owner, an agent of the same workspace, and a URL per fixture. */
export interface CrawlWorld {
  owner: Person;
  agent: Person;
  urls: Record<CrawlFixture, string>;
}

/** The dashboard API's session headers, from a request context's cookies. */
async function sessionHeaders(api: APIRequestContext): Promise<Record<string, string>> {
  const { cookies } = await api.storageState();
  const value = (name: string) => cookies.find((c) => c.name === name)?.value ?? '';
  return {
    authorization: `Token ${value('auth_token')}`,
    'x-dc-account-id': value('account_id'),
    'x-csrftoken': value('csrftoken'),
  };
}

async function call(
  api: APIRequestContext,
  method: 'POST' | 'PATCH',
  url: string,
  data: unknown,
  headers: Record<string, string> = {},
) {
  const res = await api.fetch(url, { method, data, headers });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** A mailed link, as a path on the crawl's server (PUBLIC_URL may name another host). */
async function mailedPath(to: string, pathPrefix: string) {
  const url = new URL(await linkFromMailbox(to, pathPrefix));
  return url.pathname + url.search;
}

/**
 * Creates, through the API, everything the routes with parameters need: a workspace and its
 * owner, an agent who accepted an invitation, an API channel with an open conversation (whose
 * contact's page the crawl opens) and a closed one (whose email carries the signed /feedback and /transcript links), a pending
 * invitation, a published help-center article, and a password-reset link.
 */
export async function buildWorld(baseURL: string): Promise<CrawlWorld> {
  const tag = crypto.randomBytes(3).toString('hex');
  const owner = { email: uniqueEmail('crawl-owner'), password: PASSWORD };
  const agent = { email: uniqueEmail('crawl-agent'), password: PASSWORD };
  const ownerApi = await playwrightRequest.newContext({ baseURL });
  const guestApi = await playwrightRequest.newContext({ baseURL });
  try {
    await call(ownerApi, 'POST', '/dashboardapi/auth/signup', {
      name: 'Olivia Owner',
      email: owner.email,
      password: owner.password,
      account_name: `Crawl Support ${tag}`,
    });
    const api = await sessionHeaders(ownerApi);
    const accountId = api['x-dc-account-id'];

    // Conversations, by the API channel as a customer's system would send them.
    const channel = (await call(
      ownerApi,
      'POST',
      '/dashboardapi/supportchannel',
      {
        type: 'api',
        name: 'Order sync',
        webhook_url: null,
      },
      api,
    )) as { id: number };
    const { key } = (await call(
      ownerApi,
      'POST',
      '/dashboardapi/apikeys',
      { name: 'crawl' },
      api,
    )) as {
      key: string;
    };
    const inbound = async (name: string, email: string, body: string) => {
      const res = (await call(
        guestApi,
        'POST',
        `/api/v1/channels/${channel.id}/messages`,
        { contact: { identifier: email, name, email }, message: { body } },
        { authorization: `Bearer ${key}` },
      )) as { conversation_id: number; contact_id: number };
      return res;
    };
    const open = await inbound('Rita Reader', uniqueEmail('crawl-open'), 'Where is my parcel?');
    const openId = open.conversation_id;
    const closedEmail = uniqueEmail('crawl-closed');
    const closedId = (await inbound('Carl Closed', closedEmail, 'Thanks, all sorted.'))
      .conversation_id;
    await call(
      ownerApi,
      'PATCH',
      `/dashboardapi/conversations/${closedId}`,
      { status: 'closed' },
      api,
    );

    // The agent joins by invitation; a second invitation stays pending for its page.
    await call(
      ownerApi,
      'POST',
      '/dashboardapi/teammembers/invite',
      {
        email: agent.email,
        permission_level: 'agent',
      },
      api,
    );
    const agentToken = (await mailedPath(agent.email, '/invite/confirm/')).split('/').pop()!;
    await call(guestApi, 'POST', `/dashboardapi/teammembers/invite/${agentToken}/accept`, {
      name: 'Aaron Agent',
      password: agent.password,
    });
    const pendingEmail = uniqueEmail('crawl-pending');
    await call(
      ownerApi,
      'POST',
      '/dashboardapi/teammembers/invite',
      {
        email: pendingEmail,
        permission_level: 'agent',
      },
      api,
    );

    const article = (await call(
      ownerApi,
      'POST',
      '/dashboardapi/help-center/articles',
      {
        title: 'Track your parcel',
        body: '<p>Every order has a tracking link in its confirmation email.</p>',
        status: 'published',
      },
      api,
    )) as { id: number; slug: string };

    await call(guestApi, 'POST', '/dashboardapi/auth/password/forgot', { email: owner.email });

    return {
      owner,
      agent,
      urls: {
        ticket: `/inboxes/all/open/newest/${openId}?search=id:${openId}`,
        invitation: await mailedPath(pendingEmail, '/invite/confirm/'),
        transcript: await mailedPath(closedEmail, '/transcript'),
        feedback: await mailedPath(closedEmail, '/feedback'),
        'reset-password': await mailedPath(owner.email, '/login/resetpassword'),
        'help-center': `/help-center/${accountId}`,
        'help-article': `/help-center/${accountId}/articles/${article.slug}`,
        'article-editor': `/settings/help-center-articles/${article.id}`,
        contact: `/contacts/${open.contact_id}`,
      },
    };
  } finally {
    await ownerApi.dispose();
    await guestApi.dispose();
  }
}
