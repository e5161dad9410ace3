/**
 * Mail as it arrives is not always what the RFCs describe. These repairs run on a copy that is
 * parsed; the bytes as received are what the sender checks and the duplicate check read.
 */

const cp1252 = new TextDecoder('windows-1252');

/** The length of the UTF-8 sequence starting at `i`, or 0 when the bytes there are not one. */
function utf8SequenceAt(bytes: Buffer, i: number): number {
  const b = bytes[i]!;
  const length =
    b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
  if (length === 0 || i + length > bytes.length) return 0;
  for (let k = 1; k < length; k++) {
    const c = bytes[i + k]!;
    if (c < 0x80 || c > 0xbf) return 0;
  }
  return length;
}

/** Where the header section ends (the index of the empty line), or the end when there is none. */
function headerEnd(raw: Buffer): number {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const ends = [crlf, lf].filter((i) => i >= 0);
  return ends.length > 0 ? Math.min(...ends) : raw.length;
}

/**
 * Headers with raw 8-bit bytes instead of encoded-words (old mail programs, some forms): bytes
 * that are valid UTF-8 stay, any other byte is read as Windows-1252 (what such senders mean by
 * "8-bit", a superset of Latin-1), so `Subject: Café` sent in Latin-1 reads "Café", not "Caf�".
 */
export function repairHeaderBytes(raw: Buffer): Buffer {
  const end = headerEnd(raw);
  let firstBad = -1;
  for (let i = 0; i < end; i++) {
    if (raw[i]! < 0x80) continue;
    const n = utf8SequenceAt(raw, i);
    if (n === 0) {
      firstBad = i;
      break;
    }
    i += n - 1;
  }
  if (firstBad < 0) return raw;
  const out: Buffer[] = [raw.subarray(0, firstBad)];
  let i = firstBad;
  while (i < end) {
    const b = raw[i]!;
    const n = b < 0x80 ? 1 : utf8SequenceAt(raw, i);
    if (n > 0) {
      out.push(raw.subarray(i, i + n));
      i += n;
    } else {
      out.push(Buffer.from(cp1252.decode(raw.subarray(i, i + 1)), 'utf8'));
      i += 1;
    }
  }
  out.push(raw.subarray(end));
  return Buffer.concat(out);
}

/**
 * The text after the headers, as received: shown when the MIME structure cannot be read (a
 * multipart whose boundary never appears), so the customer's words are never lost.
 */
export function rawBodyText(raw: Buffer): string {
  const end = headerEnd(raw);
  return raw
    .subarray(end)
    .toString('utf8')
    .replace(/^\r?\n\r?\n?/, '')
    .trim();
}

/** PostgreSQL text cannot hold NUL characters; a mail that carries some keeps everything else. */
export const withoutNul = (s: string) => s.replaceAll('\u0000', '');
