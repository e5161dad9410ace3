// The operator's live-chat widget as the help widget panel embeds it, faked for the e2e run: a
// page on its own origin that speaks the frame messages of docs/product/api.md (see contracts'
// help-widget-frame.ts) and accepts the host's messages from the host's origin only.
import http from 'node:http';

const port = Number(process.env.FAKE_HELP_WIDGET_PORT ?? 3108);
const hostOrigin = process.env.FAKE_HELP_WIDGET_HOST_ORIGIN ?? 'http://127.0.0.1:3107';

const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Operator live chat</title></head>
<body>
  <h1>Operator live chat</h1>
  <p>Greeting: <output id="greeting">waiting</output></p>
  <p>Email: <output id="email"></output></p>
  <p>Page: <output id="page"></output></p>
  <p>Panel open: <output id="open">false</output></p>
  <p>Showing: <output id="showing"></output></p>
  <p>Notifications reset: <output id="reset">0</output></p>
  <button id="reply">Simulate a reply</button>
  <button id="seen">Mark seen</button>
  <button id="close">Close the panel</button>
  <script>
    const HOST = ${JSON.stringify(hostOrigin)};
    const send = (type, payload) =>
      window.parent.postMessage({ source: 'parley-help-widget', type, payload }, HOST);
    const $ = (id) => document.getElementById(id);
    let unread = 0;
    window.addEventListener('message', (event) => {
      if (event.origin !== HOST || event.source !== window.parent) return;
      const { source, type, payload } = event.data || {};
      if (source !== 'parley-help-widget') return;
      if (type === 'init') {
        $('greeting').textContent = 'Hello ' + payload.name;
        send('init_success', {});
      }
      if (type === 'initial_email') $('email').textContent = payload.email;
      if (type === 'current_page') $('page').textContent = payload.url;
      if (type === 'active_state') $('open').textContent = String(payload.open);
      if (type === 'open_window_page') {
        $('showing').textContent = payload.page;
        send('window_page_loaded', { page: payload.page });
      }
      if (type === 'reset_notifications') {
        unread = 0;
        $('reset').textContent = String(Number($('reset').textContent) + 1);
      }
    });
    $('reply').onclick = () => send('new_message', { count: ++unread, preview: 'We are on it!' });
    $('seen').onclick = () => { unread = 0; send('seen', {}); };
    $('close').onclick = () => send('close', {});
  </script>
</body>
</html>`;

http
  .createServer((request, response) => {
    if (request.url?.startsWith('/frame')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
      return;
    }
    response.writeHead(request.url === '/health' ? 200 : 404, { 'content-type': 'text/plain' });
    response.end(request.url === '/health' ? 'ok' : 'not found');
  })
  .listen(port, '127.0.0.1');
