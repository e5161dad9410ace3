import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open';
import { EventBus } from './lib/events';
import { createMailer } from './lib/mailer';
import { ensureSecretKey } from './lib/secret-key';
import { JobWorker } from './lib/jobs';
import { SecretBox } from './lib/secret-box';
import type { Deps } from './lib/deps';
import { seedDemoIfEmpty } from './modules/demo/demo.service';
import { wakeSnoozed } from './modules/conversations/conversations.service';
import { startSmtpServer, type RunningSmtpServer } from './modules/email-channel/smtp-server';
import { rollUpConversationMonths, rollUpMessageVolume } from './modules/reports/reports.rollup';

/** The built web app: WEB_DIST_DIR, or apps/web/dist beside this server. */
function findWebDist(configured: string | undefined): string | undefined {
  if (configured) return path.resolve(configured);
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** The built live-chat widget: apps/widget/dist beside this server (its frame.html). */
function findWidgetDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'widget', 'dist');
    if (fs.existsSync(path.join(candidate, 'frame.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

async function main() {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  config = { ...config, secretKey: ensureSecretKey(config.secretKey, config.dataDir) };
  const database = await openDatabase(config);
  await database.migrate();
  const deps: Deps = {
    db: database.db,
    config,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      mailboxDir: path.join(config.dataDir, 'mailbox'),
      from: config.mailFrom,
    }),
    events: new EventBus(),
    jobs: new JobWorker(database.db, { onError: (err) => console.error('job worker:', err) }),
    secrets: new SecretBox(config.secretKey!),
  };
  const webDistDir = findWebDist(config.webDistDir);
  const app = await buildApp(deps, { webDistDir, widgetDistDir: findWidgetDist() });
  const demo = config.demo ? await seedDemoIfEmpty(deps) : null;

  let smtp: RunningSmtpServer | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // No new mail is accepted; a message being stored finishes (its sender got no 250 yet
      // otherwise, and will retry).
      await smtp?.close();
      await app.close();
      await deps.jobs.stop();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.smtpPort !== null)
    smtp = await startSmtpServer(deps, {
      port: config.smtpPort,
      host: config.host,
      log: (msg, err) => app.log.error({ err }, msg),
      notice: (msg) => app.log.warn(msg),
    });
  deps.jobs.start();
  // Snoozed conversations reopen when their time comes.
  const snoozeTimer = setInterval(() => {
    wakeSnoozed(deps).catch((err) => app.log.error({ err }, 'waking snoozed conversations failed'));
  }, 30_000);
  snoozeTimer.unref();
  // Long report ranges read message counts and past months' conversation figures from rollups
  // that follow the data by a few minutes (what is newer or changed is read raw); instances take
  // turns on their row locks.
  const rollupTimer = setInterval(() => {
    rollUpMessageVolume(deps.db)
      .catch((err) => app.log.error({ err }, 'rolling up message volume for reports failed'))
      .then(() => rollUpConversationMonths(deps.db))
      .catch((err) => app.log.error({ err }, 'rolling up conversations for reports failed'));
  }, 60_000);
  rollupTimer.unref();
  const readyMs = Math.round(performance.now() - startedAt);
  app.log.info(
    { readyMs, database: database.kind, web: Boolean(webDistDir), realtime: app.realtime.mode },
    'ready',
  );
  const lines = [
    '',
    `  ${config.productName} is running at ${config.publicUrl}  (ready in ${readyMs} ms, ${database.kind})`,
    `  API docs: ${config.publicUrl}/dashboardapi/docs`,
  ];
  if (smtp) lines.push(`  Incoming mail (SMTP) on port ${smtp.port}`);
  if (!webDistDir)
    lines.push('  The web app is not built: run `npm run build` (or `npm start`) to serve it.');
  if (demo)
    lines.push(
      `  Demo workspace "${demo.accountName}": sign in as ${demo.email} / ${demo.password}`,
    );
  if (!config.smtpUrl)
    lines.push(`  Outgoing mail is written to ${path.join(config.dataDir, 'mailbox')}`);
  console.info(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
