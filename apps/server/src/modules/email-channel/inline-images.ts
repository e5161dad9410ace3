import type { Deps } from '../../lib/deps';

const PURPOSE = 'email-inline-image';
export const INLINE_IMAGE_PATH = '/dashboardapi/email/inline';

/**
 * A stable signed link to an inline (cid:) image of an email, written into the stored HTML
 * (which outlives any expiring download link). It names the file's key and type; the signature
 * makes it unguessable and unforgeable, and only raster image types are ever served by it.
 */
export function inlineImagePath(deps: Deps, key: string, contentType: string): string {
  const sig = deps.secrets.sign(PURPOSE, `${key}|${contentType}`);
  return `${INLINE_IMAGE_PATH}?key=${encodeURIComponent(key)}&type=${encodeURIComponent(contentType)}&sig=${sig}`;
}

export function verifyInlineImage(deps: Deps, key: string, contentType: string, sig: string) {
  return deps.secrets.verify(PURPOSE, `${key}|${contentType}`, sig);
}
