import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_SETUP_PATHS,
  SETUP_CHECKLIST_PATH,
  type DnsRecord,
  type EmailSetupList,
  type EmailSetupResult,
  type EmailSetupVerifyResult,
} from '@parley/contracts';
import { ConfigError, loadConfig } from '../../config';
import { sendingDomains } from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { startTestDnsServer, type TestDnsServer } from '../../test/dns-server';
import { ownerAndTeammate } from '../../test/inbox-fixtures';
import { dkimSigningKey } from './email-setup.service';

let ctx: TestContext;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startTestDnsServer();
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    DNS_RESOLVER: dns.address,
    SPF_INCLUDE: '_spf.parley.test',
  });
});
afterAll(async () => {
  await ctx.close();
  await dns.close();
});

let domains = 0;
/** A domain no other test uses, so the shared DNS server's map never mixes tests. */
const freshDomain = () => `shop${++domains}-${crypto.randomBytes(3).toString('hex')}.example`;

async function setUp(s: Session, fromAddress: string, fromName = 'Maya at Northwind') {
  const res = await as(ctx, s).post(EMAIL_SETUP_PATHS.setup, {
    from_name: fromName,
    from_address: fromAddress,
  });
  if (res.statusCode !== 201) throw new Error(`setup: ${res.statusCode} ${res.body}`);
  return res.json() as EmailSetupResult;
}

async function verify(s: Session, domain: string) {
  const res = await as(ctx, s).post(EMAIL_SETUP_PATHS.verify, { domain });
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`);
  return res.json() as EmailSetupVerifyResult;
}

async function me(s: Session) {
  return (await as(ctx, s).get('/dashboardapi/me')).json() as {
    dmarc_verification_required: boolean;
  };
}

/** Publishes the records in the test DNS server, as the customer would at their DNS host. */
function publish(records: DnsRecord[], override: Partial<Record<DnsRecord['kind'], string>> = {}) {
  for (const r of records) dns.records.set(r.host, [override[r.kind] ?? r.value]);
}

const byKind = <T extends { kind: string }>(records: T[], kind: string) =>
  records.find((r) => r.kind === kind)!;

describe('email setup: POST /dashboardapi/emailsetup (docs/product/api.md)', () => {
  it('creates the sending configuration: domain from the address, SPF, DKIM and DMARC records to publish', async () => {
    const owner = await signUp(ctx);
    const domain = freshDomain();
    const { setup, domain: d } = await setUp(owner, `Support@${domain.toUpperCase()}`);
    expect(setup).toEqual({
      support_channel_id: expect.any(Number),
      from_name: 'Maya at Northwind',
      from_address: `support@${domain}`,
      domain,
      domain_verified: false,
      // The email channel's settings (modules/email-channel): no SMTP server of its own yet.
      smtp: null,
      signature: '',
      inbound_secret: expect.stringMatching(/^[\w-]{32}$/),
      inbound_url: expect.stringMatching(/\/dashboardapi\/email\/inbound\/\d+$/),
    });
    expect(d.domain).toBe(domain);
    expect(d.dkim_selector).toMatch(/^parley-[0-9a-f]{8}$/);
    expect(d.verified).toBe(false);
    expect(d.last_check).toBeNull();
    expect(d.records.map((r) => [r.kind, r.type, r.host])).toEqual([
      ['spf', 'TXT', domain],
      ['dkim', 'TXT', `${d.dkim_selector}._domainkey.${domain}`],
      ['dmarc', 'TXT', `_dmarc.${domain}`],
    ]);
    expect(byKind(d.records, 'spf')).toMatchObject({
      value: 'v=spf1 include:_spf.parley.test ~all',
    });
    expect(byKind(d.records, 'dmarc')).toMatchObject({
      value: `v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain}`,
    });
    // p= is a real RSA 2048 public key.
    const p = /^v=DKIM1; k=rsa; p=([A-Za-z0-9+/=]+)$/.exec(byKind(d.records, 'dkim').value)![1]!;
    const publicKey = crypto.createPublicKey({
      key: Buffer.from(p, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);

    // The email setup is an email support channel of the account.
    const channels = (await as(ctx, owner).get('/dashboardapi/supportchannel/all')).json();
    expect(channels).toContainEqual(
      expect.objectContaining({ id: setup.support_channel_id, type: 'email' }),
    );
  });

  it('keeps the DKIM private key sealed at rest; it opens to the pair of the published public key', async () => {
    const owner = await signUp(ctx);
    const domain = freshDomain();
    const { domain: d } = await setUp(owner, `hello@${domain}`);
    const [row] = await ctx.deps.db
      .select()
      .from(sendingDomains)
      .where(eq(sendingDomains.domain, domain));
    expect(row!.dkimPrivateKeyEncrypted).toMatch(/^v1\./);
    expect(row!.dkimPrivateKeyEncrypted).not.toContain('PRIVATE KEY');

    const signing = await dkimSigningKey(ctx.deps, owner.accountId, `hello@${domain}`);
    expect(signing).toMatchObject({ domainName: domain, keySelector: d.dkim_selector });
    const signature = crypto.sign('sha256', Buffer.from('a message'), signing!.privateKey);
    const p = byKind(d.records, 'dkim').value.split('p=')[1]!;
    const publicKey = crypto.createPublicKey({
      key: Buffer.from(p, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(crypto.verify('sha256', Buffer.from('a message'), publicKey, signature)).toBe(true);
    expect(await dkimSigningKey(ctx.deps, owner.accountId, 'x@not-set-up.example')).toBeNull();
  });

  it('raises dmarc_verification_required (Me, docs/product/data.md, docs/product/states.md) while the sending domain is unverified', async () => {
    const owner = await signUp(ctx);
    expect((await me(owner)).dmarc_verification_required).toBe(false);
    await setUp(owner, `team@${freshDomain()}`);
    expect((await me(owner)).dmarc_verification_required).toBe(true);
    const list = (await as(ctx, owner).get(EMAIL_SETUP_PATHS.setup)).json() as EmailSetupList;
    expect(list.dmarc_verification_required).toBe(true);
    expect(list.setups).toHaveLength(1);
    expect(list.domains).toHaveLength(1);
  });

  it('two addresses on one domain share its DKIM key; the same address twice is a 409', async () => {
    const owner = await signUp(ctx);
    const domain = freshDomain();
    const first = await setUp(owner, `a@${domain}`);
    const second = await setUp(owner, `b@${domain}`);
    expect(second.domain.records).toEqual(first.domain.records);
    const again = await as(ctx, owner).post(EMAIL_SETUP_PATHS.setup, {
      from_name: 'Again',
      from_address: `A@${domain}`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'conflict',
      message: `a@${domain} is already set up in this workspace.`,
    });
    const list = (await as(ctx, owner).get(EMAIL_SETUP_PATHS.setup)).json() as EmailSetupList;
    expect(list.setups.map((s) => s.from_address)).toEqual([`a@${domain}`, `b@${domain}`]);
    expect(list.domains.map((d) => d.domain)).toEqual([domain]);
  });

  it.each([
    [{ from_name: 'X', from_address: 'not an address' }, 'from_address'],
    [{ from_name: 'X', from_address: 'someone@localhost' }, 'from_address'],
    [{ from_name: '  ', from_address: 'a@b.example' }, 'from_name'],
    [{ from_name: 'Evil\r\nBcc: all@victims.example', from_address: 'a@b.example' }, 'from_name'],
    [{ from_name: 'X', from_address: 'a@b.example', extra: 1 }, ''],
  ])('refuses %j with 400 validation_error and writes nothing', async (body, field) => {
    const owner = await signUp(ctx);
    const res = await as(ctx, owner).post(EMAIL_SETUP_PATHS.setup, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(res.json().message).toEqual(expect.any(String));
    expect((res.json().details as { path: string }[]).map((d) => d.path)).toContain(field);
    const list = (await as(ctx, owner).get(EMAIL_SETUP_PATHS.setup)).json() as EmailSetupList;
    expect(list.setups).toEqual([]);
  });
});

describe('email setup: PATCH /dashboardapi/emailsetup?support_channel_id= (docs/product/api.md)', () => {
  it('changes the sender name keeping the key; a new domain gets its own key and needs verifying', async () => {
    const owner = await signUp(ctx);
    const domain = freshDomain();
    const created = await setUp(owner, `help@${domain}`);
    const id = created.setup.support_channel_id;
    const url = `${EMAIL_SETUP_PATHS.setup}?support_channel_id=${id}`;

    const renamed = await as(ctx, owner).patch(url, { from_name: 'Northwind Care' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().setup).toMatchObject({ from_name: 'Northwind Care', domain });
    expect(renamed.json().domain.records).toEqual(created.domain.records);

    // Verify the first domain, then move to another one: the flag comes back.
    publish(created.domain.records);
    expect((await verify(owner, domain)).dmarc_verification_required).toBe(false);
    const other = freshDomain();
    const moved = await as(ctx, owner).patch(url, { from_address: `help@${other}` });
    expect(moved.statusCode).toBe(200);
    const result = moved.json() as EmailSetupResult;
    expect(result.setup).toMatchObject({
      from_name: 'Northwind Care',
      from_address: `help@${other}`,
      domain: other,
      domain_verified: false,
    });
    expect(result.domain.dkim_selector).not.toBe(created.domain.dkim_selector);
    expect((await me(owner)).dmarc_verification_required).toBe(true);
    const list = (await as(ctx, owner).get(EMAIL_SETUP_PATHS.setup)).json() as EmailSetupList;
    expect(list.domains.map((d) => d.domain)).toEqual([other]);
  });

  it('refuses an empty change (400), an unknown id (404) and a non-email channel (404)', async () => {
    const owner = await signUp(ctx);
    const { setup } = await setUp(owner, `x@${freshDomain()}`);
    const empty = await as(ctx, owner).patch(
      `${EMAIL_SETUP_PATHS.setup}?support_channel_id=${setup.support_channel_id}`,
      {},
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('validation_error');
    const missing = await as(ctx, owner).patch(
      `${EMAIL_SETUP_PATHS.setup}?support_channel_id=2147483000`,
      { from_name: 'Y' },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      code: 'not_found',
      message: 'That email setup was not found.',
    });
    const api = await as(ctx, owner).post('/dashboardapi/supportchannel', {
      type: 'api',
      name: 'Backend',
    });
    const notEmail = await as(ctx, owner).patch(
      `${EMAIL_SETUP_PATHS.setup}?support_channel_id=${api.json().id}`,
      { from_name: 'Y' },
    );
    expect(notEmail.statusCode).toBe(404);
    const noId = await as(ctx, owner).patch(EMAIL_SETUP_PATHS.setup, { from_name: 'Y' });
    expect(noId.statusCode).toBe(400);
  });
});

describe('sending domain DNS check: POST /dashboardapi/emailsetup/verify through DNS_RESOLVER', () => {
  it('records not published: each is missing, nothing is verified, the flag stays', async () => {
    const owner = await signUp(ctx);
    const domain = freshDomain();
    await setUp(owner, `support@${domain}`);
    const result = await verify(owner, domain);
    expect(result.domain.verified).toBe(false);
    expect(result.domain.verified_at).toBeNull();
    expect(result.domain.last_checked_at).not.toBeNull();
    expect(result.domain.last_check!.map((c) => [c.kind, c.status, c.seen])).toEqual([
      ['spf', 'missing', []],
      ['dkim', 'missing', []],
      ['dmarc', 'missing', []],
    ]);
    expect(byKind(result.domain.last_check!, 'dmarc')).toMatchObject({
      message: `No DMARC record at _dmarc.${domain}.`,
    });
    expect(result.dmarc_verification_required).toBe(true);
    expect((await me(owner)).dmarc_verification_required).toBe(true);
    // The lookups really went to the configured server.
    expect(dns.queries.map((q) => q.name)).toEqual(
      expect.arrayContaining([domain, `_dmarc.${domain}`]),
    );
  });

  it('records published: verified, verified_at stored, Me.dmarc_verification_required becomes false, setup item done', async () => {
    const owner = await signUp(ctx);
    const domain = freshDomain();
    const { domain: d } = await setUp(owner, `support@${domain}`);
    publish(d.records);
    // The customer's apex may carry other TXT records besides SPF.
    dns.records.set(domain, ['google-site-verification=abc', byKind(d.records, 'spf').value]);
    const result = await verify(owner, domain);
    expect(result.domain.last_check!.map((c) => [c.kind, c.status])).toEqual([
      ['spf', 'verified'],
      ['dkim', 'verified'],
      ['dmarc', 'verified'],
    ]);
    expect(byKind(result.domain.last_check!, 'dkim').seen).toEqual([
      byKind(d.records, 'dkim').value,
    ]);
    expect(result.domain.verified).toBe(true);
    expect(result.domain.verified_at).not.toBeNull();
    expect(result.dmarc_verification_required).toBe(false);
    expect((await me(owner)).dmarc_verification_required).toBe(false);

    const list = (await as(ctx, owner).get(EMAIL_SETUP_PATHS.setup)).json() as EmailSetupList;
    expect(list.setups[0]!.domain_verified).toBe(true);
    expect(list.domains[0]!.verified_at).toBe(result.domain.verified_at);
    const checklist = (await as(ctx, owner).get(SETUP_CHECKLIST_PATH)).json() as {
      items: { key: string; done: boolean }[];
    };
    expect(checklist.items.find((i) => i.key === 'verify_sending_domain')!.done).toBe(true);
  });

  it('a wrong DKIM key and an SPF without our include are mismatches showing what DNS holds', async () => {
    const owner = await signUp(ctx);
    const domain = freshDomain();
    const { domain: d } = await setUp(owner, `support@${domain}`);
    const otherKey = crypto
      .generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'der' })
      .toString('base64');
    publish(d.records, {
      dkim: `v=DKIM1; k=rsa; p=${otherKey}`,
      spf: 'v=spf1 include:_spf.google.com ~all',
      dmarc: 'v=DMARC1; p=reject; rua=mailto:dmarc@elsewhere.example',
    });
    const result = await verify(owner, domain);
    const dkim = byKind(result.domain.last_check!, 'dkim');
    expect(dkim).toEqual({
      kind: 'dkim',
      host: `${d.dkim_selector}._domainkey.${domain}`,
      status: 'mismatch',
      seen: [`v=DKIM1; k=rsa; p=${otherKey}`],
      message: `The DKIM record at ${dkim.host} holds a different public key. Replace it with the value shown.`,
    });
    expect(byKind(result.domain.last_check!, 'spf')).toMatchObject({
      status: 'mismatch',
      seen: ['v=spf1 include:_spf.google.com ~all'],
    });
    // Any DMARC policy counts.
    expect(byKind(result.domain.last_check!, 'dmarc').status).toBe('verified');
    expect(result.domain.verified).toBe(false);
    expect((await me(owner)).dmarc_verification_required).toBe(true);
  });

  it('a lookup failure is reported as an error, and a failing re-check takes the verification back', async () => {
    const owner = await signUp(ctx);
    const domain = freshDomain();
    const { domain: d } = await setUp(owner, `support@${domain}`);
    publish(d.records);
    expect((await verify(owner, domain)).domain.verified).toBe(true);
    dns.failing.add(`_dmarc.${domain}`);
    const result = await verify(owner, domain);
    expect(byKind(result.domain.last_check!, 'dmarc')).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^The DNS lookup of _dmarc\..* failed \(ESERVFAIL\)/),
    });
    expect(result.domain.verified).toBe(false);
    expect(result.dmarc_verification_required).toBe(true);
    expect((await me(owner)).dmarc_verification_required).toBe(true);
  });

  it('answers 404 for a domain the account does not send from, 400 without a domain', async () => {
    const owner = await signUp(ctx);
    const res = await as(ctx, owner).post(EMAIL_SETUP_PATHS.verify, { domain: 'nope.example' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'not_found',
      message: 'That sending domain was not found.',
    });
    const bad = await as(ctx, owner).post(EMAIL_SETUP_PATHS.verify, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_error');
  });
});

describe('email setup permissions and isolation', () => {
  it('agents read the setup but only owners and admins create, change or verify (403)', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const domain = freshDomain();
    const { setup } = await setUp(owner, `support@${domain}`);
    const asMate = as(ctx, mate);
    expect((await asMate.get(EMAIL_SETUP_PATHS.setup)).json().setups).toHaveLength(1);
    for (const res of [
      await asMate.post(EMAIL_SETUP_PATHS.setup, { from_name: 'M', from_address: `m@${domain}` }),
      await asMate.patch(
        `${EMAIL_SETUP_PATHS.setup}?support_channel_id=${setup.support_channel_id}`,
        { from_name: 'M' },
      ),
      await asMate.post(EMAIL_SETUP_PATHS.verify, { domain }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'forbidden',
        message: 'Only owners and admins can do that.',
      });
    }
  });

  it("account B sees nothing of A's email setup and gets 404 changing or verifying it", async () => {
    const a = await signUp(ctx, { account_name: 'Victim' });
    const b = await signUp(ctx, { account_name: 'Attacker' });
    const domain = freshDomain();
    const { setup, domain: d } = await setUp(a, `support@${domain}`);
    publish(d.records);

    expect((await as(ctx, b).get(EMAIL_SETUP_PATHS.setup)).json()).toEqual({
      setups: [],
      domains: [],
      dmarc_verification_required: false,
    });
    const patch = await as(ctx, b).patch(
      `${EMAIL_SETUP_PATHS.setup}?support_channel_id=${setup.support_channel_id}`,
      { from_name: 'Hijacked' },
    );
    expect(patch.statusCode).toBe(404);
    const check = await as(ctx, b).post(EMAIL_SETUP_PATHS.verify, { domain });
    expect(check.statusCode).toBe(404);
    const named = await as(ctx, { ...b, accountId: a.accountId }).get(EMAIL_SETUP_PATHS.setup);
    expect(named.statusCode).toBe(403);
    expect(named.json().code).toBe('not_a_member');
    expect(named.body).not.toContain(domain);

    // A is untouched: name unchanged, not verified by B's attempt.
    const list = (await as(ctx, a).get(EMAIL_SETUP_PATHS.setup)).json() as EmailSetupList;
    expect(list.setups[0]!.from_name).toBe('Maya at Northwind');
    expect(list.domains[0]!.last_checked_at).toBeNull();
    // B setting up the same domain gets its own key and selector, verified on its own.
    const mine = await setUp(b, `other@${domain}`);
    expect(mine.domain.dkim_selector).not.toBe(d.dkim_selector);
    expect((await verify(b, domain)).domain.verified).toBe(false);
    expect((await me(a)).dmarc_verification_required).toBe(true);
  });
});

describe('email setup API surface', () => {
  it('is documented in the OpenAPI schema and needs a session', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/dashboardapi/docs/json' })).json();
    expect(Object.keys(doc.paths[EMAIL_SETUP_PATHS.setup]).sort()).toEqual([
      'get',
      'patch',
      'post',
    ]);
    expect(doc.paths[EMAIL_SETUP_PATHS.verify].post.tags).toEqual(['email setup']);
    for (const [method, url] of [
      ['GET', EMAIL_SETUP_PATHS.setup],
      ['POST', EMAIL_SETUP_PATHS.setup],
      ['POST', EMAIL_SETUP_PATHS.verify],
    ] as const)
      expect((await ctx.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
  });
});

describe('configuration: DNS_RESOLVER, SPF_INCLUDE, DMARC_REPORT_EMAIL', () => {
  it('accepts IP servers with optional ports and refuses anything else, naming the variable', () => {
    expect(loadConfig({ DNS_RESOLVER: '127.0.0.1:5353, 1.1.1.1,[::1]:53' }).dnsResolvers).toEqual([
      '127.0.0.1:5353',
      '1.1.1.1',
      '[::1]:53',
    ]);
    expect(loadConfig({}).dnsResolvers).toEqual([]);
    for (const bad of ['dns.google', '1.2.3.4:99999', '300.1.1.1'])
      expect(() => loadConfig({ DNS_RESOLVER: bad })).toThrow(
        expect.objectContaining({ message: expect.stringContaining('DNS_RESOLVER') }),
      );
    expect(() => loadConfig({ DNS_RESOLVER: 'x' })).toThrow(ConfigError);
  });

  it('derives the SPF include from PUBLIC_URL and takes a DMARC report address', async () => {
    expect(loadConfig({ PUBLIC_URL: 'https://help.acme.com' }).spfInclude).toBe(
      '_spf.help.acme.com',
    );
    expect(loadConfig({}).spfInclude).toBe('_spf.parley.localhost');
    expect(() => loadConfig({ SPF_INCLUDE: 'not a domain' })).toThrow(/SPF_INCLUDE/);
    const other = await createTestContext({
      DMARC_REPORT_EMAIL: 'dmarc@reports.parley.test',
      DNS_RESOLVER: dns.address,
    });
    try {
      const owner = await signUp(other);
      const res = await as(other, owner).post(EMAIL_SETUP_PATHS.setup, {
        from_name: 'X',
        from_address: `x@${freshDomain()}`,
      });
      expect(byKind((res.json() as EmailSetupResult).domain.records, 'dmarc').value).toBe(
        'v=DMARC1; p=none; rua=mailto:dmarc@reports.parley.test',
      );
    } finally {
      await other.close();
    }
  });
});
