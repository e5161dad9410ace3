import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Deps } from '../../lib/deps';
import { checkSender, configuredDnsResolve } from './email-auth';
import { findChannelsByAddress, type EmailChannelRow } from './email-channel.queries';
import { fileInboundEmail, MAX_EMAIL_BYTES, UnfileableEmailError } from './email-inbound.service';
import { baseAddress } from './reply-token';

/** An SMTP reply: smtp-server sends `responseCode` and the message to the client. */
function smtpError(code: number, message: string) {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * The channels a recipient address delivers to. When the address is set up in several accounts,
 * only those that verified its domain get the mail (a workspace cannot take another's mail by
 * typing its address); when none did, all of them do.
 */
export async function channelsForRecipient(deps: Deps, recipient: string) {
  const rows = await findChannelsByAddress(deps.db, baseAddress(recipient));
  const verified = rows.filter((r) => r.domainVerified);
  return (verified.length > 0 ? verified : rows).map((r) => r.channel);
}

async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface RunningSmtpServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The built-in SMTP server (SMTP_PORT), meant to be the domain's MX. RCPT TO is accepted only for
 * the address of an email channel (any `+tag` allowed), anything else gets 550. The sender is
 * checked (SPF with the connection's IP, HELO and MAIL FROM; DKIM; DMARC; ARC), then the message
 * is parsed and filed into each recipient channel; "250 OK" is sent only once it is stored, so a
 * failure answers 451 and the sending server tries again — nothing is lost.
 */
export async function startSmtpServer(
  deps: Deps,
  opts: {
    port: number;
    host: string;
    log?: (msg: string, err?: unknown) => void;
    /** Things worth a line that are no failure (a bounce dropped). */
    notice?: (msg: string) => void;
  },
): Promise<RunningSmtpServer> {
  const hostname = new URL(deps.config.publicUrl).hostname;
  // The sender checks look up DNS_RESOLVER's servers (else the system's), as the domain check does.
  const dnsResolve = configuredDnsResolve(deps);
  const server = new SMTPServer({
    name: hostname,
    banner: `${deps.config.productName} ESMTP`,
    // Mail servers deliver to us unauthenticated; there is no certificate to offer STARTTLS with.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_EMAIL_BYTES,
    logger: false,
    maxClients: 200,
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    onRcptTo(address, _session, callback) {
      channelsForRecipient(deps, address.address)
        .then((channels) =>
          callback(
            channels.length > 0
              ? null
              : smtpError(550, `5.1.1 <${address.address}>: no such mailbox here`),
          ),
        )
        .catch((err: unknown) => {
          opts.log?.('SMTP recipient lookup failed', err);
          callback(smtpError(451, '4.3.0 Temporary failure, please try again later'));
        });
    },
    onData(stream, session: SMTPServerSession, callback) {
      void (async () => {
        const raw = await readAll(stream);
        if (stream.sizeExceeded)
          return callback(
            smtpError(552, `5.3.4 Message too big (at most ${MAX_EMAIL_BYTES} bytes)`),
          );
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const seen = new Set<number>();
        const targets: EmailChannelRow[] = [];
        for (const r of recipients)
          for (const c of await channelsForRecipient(deps, r))
            if (!seen.has(c.id)) {
              seen.add(c.id);
              targets.push(c);
            }
        const senderChecks =
          targets.length > 0
            ? await checkSender(
                raw,
                {
                  ip: session.remoteAddress,
                  helo: session.hostNameAppearsAs || session.clientHostname,
                  mailFrom: envelopeFrom,
                },
                { mta: hostname, resolve: dnsResolve },
              )
            : null;
        for (const channel of targets) {
          const filed = await fileInboundEmail(deps, {
            channel,
            raw,
            envelopeRecipients: recipients,
            envelopeFrom,
            senderChecks,
          });
          if ('bounce' in filed && filed.messageId === null)
            opts.notice?.(
              `SMTP: dropped a bounce for channel ${channel.id} naming no reply of it (${filed.originalIds.join(' ') || 'no Message-ID'})`,
            );
        }
        callback(null);
      })().catch((err: unknown) => {
        if (err instanceof UnfileableEmailError)
          return callback(smtpError(550, `5.6.0 ${err.message}`));
        opts.log?.('SMTP message could not be stored', err);
        callback(smtpError(451, '4.3.0 The message could not be stored, please try again later'));
      });
    },
  });
  server.on('error', (err) => opts.log?.('SMTP server error', err));
  const listening = await new Promise<ReturnType<SMTPServer['listen']>>((resolve, reject) => {
    server.once('error', reject);
    const net = server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve(net);
    });
  });
  const port = (listening!.address() as AddressInfo).port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
