// Stripe's API as Parley calls it, faked for the e2e run (real paths, form-encoded bodies, bearer
// key, real-shaped JSON), plus the hosted Checkout page the browser is sent to. The test reads
// which customer was created from /e2e/customers, as Stripe's dashboard would tell a person.
import http from 'node:http';

const port = Number(process.env.FAKE_STRIPE_PORT ?? 3109);
const key = process.env.FAKE_STRIPE_SECRET_KEY ?? 'sk_test_e2e';
const base = `http://127.0.0.1:${port}`;
const customers = [];
let n = 0;

http
  .createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const send = (status, body) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = (req.url ?? '').split('?')[0];
      if (path === '/health') return send(200, { ok: true });
      if (path === '/e2e/customers') return send(200, { customers });
      if (req.method === 'GET' && path.startsWith('/checkout/')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<!doctype html><title>Checkout</title><h1>Fake Stripe Checkout</h1>');
      }
      if (req.headers.authorization !== `Bearer ${key}`)
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
      const form = Object.fromEntries(new URLSearchParams(raw));
      n += 1;
      const price = /^\/v1\/prices\/(price_\w+)$/.exec(path);
      if (req.method === 'GET' && price)
        return send(200, {
          id: price[1],
          object: 'price',
          active: true,
          currency: 'usd',
          unit_amount: 2900,
          recurring: { interval: 'month', interval_count: 1 },
        });
      if (req.method === 'POST' && path === '/v1/customers') {
        const customer = { id: `cus_e2e${n}`, object: 'customer', email: form.email ?? null };
        customers.push(customer);
        return send(200, customer);
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions')
        return send(200, {
          id: `cs_test_${n}`,
          object: 'checkout.session',
          mode: form.mode,
          customer: form.customer,
          url: `${base}/checkout/cs_test_${n}`,
        });
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions')
        return send(200, {
          id: `bps_${n}`,
          object: 'billing_portal.session',
          customer: form.customer,
          url: `${base}/portal/bps_${n}`,
        });
      send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  })
  .listen(port, '127.0.0.1');
