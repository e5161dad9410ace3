import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { isLeadProcess, reportReady, runPrimary, WORKER_HEADER, workerNumber } from './cluster';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open';
import { EventBus } from './lib/events';
import { createMailer } from './lib/mailer';
import { ensureSecretKey } from './lib/secret-key';
import { JobWorker } from './lib/jobs';
import { SecretBox } from './lib/secret-box';
import type { Deps } from './lib/deps';
import { seedDemoIfEmpty } from './modules/demo/demo.service';
import { installDrain } from './modules/health/health.public';
import { foldViewCounts, wakeSnoozed } from './modules/conversations/conversations.service';
import { startSmtpServer, type RunningSmtpServer } from './modules/email-channel/smtp-server';
import { rollUpConversationMonths, rollUpMessageVolume } from './modules/reports/reports.rollup';
import { AUDIT_PRUNE_EVERY_MS, pruneAuditLog } from './modules/audit-log/audit-log.service';
import {
  PRUNE_EVERY_MS,
  pruneSentScheduledMessages,
} from './modules/scheduled-messages/scheduled-messages.service';
import { scanSlaClocks } from './modules/sla/sla.service';

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

/** Past this a shutdown gives up waiting and exits 1 (orchestrators kill at 30 s by default). */
const SHUTDOWN_LIMIT_MS = 25_000;

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
  if (config.workers > 1 && cluster.isPrimary) {
    // The workers share the key made here rather than racing to write the key file.
    runPrimary({
      workers: config.workers,
      env: { SECRET_KEY: config.secretKey! },
      logLevel: config.logLevel,
      shutdownLimitMs: SHUTDOWN_LIMIT_MS + 5_000,
    });
    return;
  }
  const worker = workerNumber();
  // SMTP and the demo workspace, once per instance (cluster.ts).
  const lead = isLeadProcess();
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
  const demo = config.demo && lead ? await seedDemoIfEmpty(deps) : null;

  let smtp: RunningSmtpServer | null = null;
  const timers: NodeJS.Timeout[] = [];
  /** Scheduled work under way (snooze wake-ups, report rollups): shutdown lets it finish. */
  const background = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    background.add(work);
    void work.finally(() => background.delete(work));
  };

  // A load balancer takes this instance out when /readyz fails: on shutdown it answers 503 and
  // the instance keeps serving until the balancer has noticed and stopped sending requests.
  const drain = installDrain(app);
  if (worker !== null)
    app.addHook('onRequest', async (_request, reply) => {
      reply.header(WORKER_HEADER, String(worker));
    });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    let code = 0;
    try {
      drain.begin();
      for (const timer of timers) clearInterval(timer);
      // No job is claimed from now on; the one running finishes (others take the queue).
      const jobsStopped = deps.jobs.stop();
      await drain.drained();
      // The job running and scheduled work finish while their changes can still be published.
      await jobsStopped;
      await Promise.allSettled(background);
      // No new mail is accepted; a message being stored finishes (its sender got no 250 yet
      // otherwise, and will retry).
      await smtp?.close();
      // Stops listening, closes realtime sockets with 4200 (pusher-js reconnects at once, to
      // another instance), waits for the requests in flight and publishes what they changed.
      await app.close();
      await database.close();
      app.log.info({ signal }, 'shut down');
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      code = 1;
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.smtpPort !== null && lead)
    smtp = await startSmtpServer(deps, {
      port: config.smtpPort,
      host: config.host,
      log: (msg, err) => app.log.error({ err }, msg),
      notice: (msg) => app.log.warn(msg),
    });
  deps.jobs.start();
  // Snoozed conversations reopen when their time comes.
  const snoozeTimer = setInterval(() => {
    track(
      wakeSnoozed(deps).catch((err) =>
        app.log.error({ err }, 'waking snoozed conversations failed'),
      ),
    );
  }, 30_000);
  snoozeTimer.unref();
  timers.push(snoozeTimer);
  // SLA warnings and breaches come due (docs/product/sla.md); each fires once across instances.
  const slaTimer = setInterval(() => {
    track(scanSlaClocks(deps).catch((err) => app.log.error({ err }, 'scanning SLA clocks failed')));
  }, 15_000);
  slaTimer.unref();
  timers.push(slaTimer);
  // Long report ranges read message counts and past months' conversation figures from rollups
  // that follow the data by a few minutes (what is newer or changed is read raw); instances take
  // turns on their row locks.
  const rollupTimer = setInterval(() => {
    track(
      rollUpMessageVolume(deps.db)
        .catch((err) => app.log.error({ err }, 'rolling up message volume for reports failed'))
        .then(() => rollUpConversationMonths(deps.db))
        .catch((err) => app.log.error({ err }, 'rolling up conversations for reports failed'))
        .then(() => foldViewCounts(deps))
        .catch((err) => app.log.error({ err }, 'folding the view counts failed')),
    );
  }, 60_000);
  rollupTimer.unref();
  timers.push(rollupTimer);
  // Sent scheduled messages go after their retention (docs/product/scheduled-send.md), in
  // batches; instances running it at once share the rows.
  const pruneTimer = setInterval(() => {
    track(
      pruneSentScheduledMessages(deps).catch((err) =>
        app.log.error({ err }, 'pruning sent scheduled messages failed'),
      ),
    );
  }, PRUNE_EVERY_MS);
  pruneTimer.unref();
  timers.push(pruneTimer);
  // Audit log entries go after their account's retention (docs/product/audit-log.md), in
  // batches; instances running it at once share the rows.
  const auditPruneTimer = setInterval(() => {
    track(
      pruneAuditLog(deps).catch((err) => app.log.error({ err }, 'pruning the audit log failed')),
    );
  }, AUDIT_PRUNE_EVERY_MS);
  auditPruneTimer.unref();
  timers.push(auditPruneTimer);
  // And once soon after start, so instances restarted more often than hourly still purge.
  const firstAuditPrune = setTimeout(
    () =>
      track(
        pruneAuditLog(deps).catch((err) => app.log.error({ err }, 'pruning the audit log failed')),
      ),
    60_000 + Math.random() * 60_000,
  );
  firstAuditPrune.unref();
  timers.push(firstAuditPrune);
  const readyMs = Math.round(performance.now() - startedAt);
  reportReady();
  app.log.info(
    {
      readyMs,
      database: database.kind,
      web: Boolean(webDistDir),
      realtime: app.realtime.mode,
      ...(worker !== null && { worker, workers: config.workers }),
    },
    'ready',
  );
  // One banner per instance.
  if (!lead) return;
  const lines = [
    '',
    `  ${config.productName} is running at ${config.publicUrl}  (ready in ${readyMs} ms, ${database.kind}${worker !== null ? `, ${config.workers} workers` : ''})`,
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
