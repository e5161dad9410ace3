import { htmlToText, sanitizeHtml } from '../../lib/html-sanitizer';

/**
 * A body as stored, for an article and for each of its translations alike: sanitized HTML
 * (the allow-list of lib/html-sanitizer.ts: docs/ARCHITECTURE.md) and its plain text for search
 * and excerpts.
 */
export function cleanBody(body: string) {
  const html = sanitizeHtml(body);
  return { body: html, bodyText: htmlToText(html) };
}
