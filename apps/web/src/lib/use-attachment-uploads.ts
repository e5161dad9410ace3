import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Attachment } from '@parley/contracts';
import { isCanceledRequest } from './request';
import { attachmentLimitProblem, uploadAttachment, uploadErrorText } from './attachment-upload';

/** One file of a form: being uploaded, uploaded (with its attachment id), or refused. */
export interface UploadItem {
  key: string;
  file_name: string;
  size: number;
  status: 'uploading' | 'done' | 'error';
  attachment?: Attachment;
  /** Why the upload failed, in words. */
  error?: string;
}

let nextKey = 0;
const newKey = () => `upload-${++nextKey}`;

const fromAttachment = (attachment: Attachment): UploadItem => ({
  key: `attachment-${attachment.id}`,
  file_name: attachment.file_name,
  size: attachment.size,
  status: 'done',
  attachment,
});

export interface AttachmentUploads {
  items: UploadItem[];
  /** Ids of the uploaded files, for `attachment_ids`. */
  ids: number[];
  uploading: boolean;
  /** Starts uploading; answers why the files were refused (count or 18 MB total), or null. */
  add: (files: File[]) => string | null;
  /** Files uploaded elsewhere (e.g. a template's copies) join the list as done. */
  addUploaded: (attachments: Attachment[]) => void;
  /** Removes a file; an upload in flight is canceled. */
  remove: (key: string) => void;
  /** Starts over with these files (none by default), canceling uploads in flight. */
  reset: (attachments?: Attachment[]) => void;
}

/**
 * The files of one form (the composer, a fast-reply template): each file is uploaded at once
 * through the attachment upload form and tracked until sent. Failures are kept on their row in
 * words (413 too large, 415 refused type) so the person can remove them.
 */
export function useAttachmentUploads(
  options: { myshopifyDomain?: string; initial?: Attachment[] } = {},
): AttachmentUploads {
  const [items, setItems] = useState<UploadItem[]>(() =>
    (options.initial ?? []).map(fromAttachment),
  );
  const inFlight = useRef(new Map<string, () => void>());
  const { myshopifyDomain } = options;

  const cancelAll = useCallback(() => {
    for (const cancel of inFlight.current.values()) cancel();
    inFlight.current.clear();
  }, []);
  useEffect(() => cancelAll, [cancelAll]);

  const settle = useCallback((key: string, change: Partial<UploadItem>) => {
    inFlight.current.delete(key);
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const kept = items.filter((item) => item.status !== 'error');
      const problem = attachmentLimitProblem(kept, files);
      if (problem) return problem;
      const started = files.map((file) => {
        const key = newKey();
        const pending = uploadAttachment(file, myshopifyDomain ? { myshopifyDomain } : {});
        inFlight.current.set(key, () => pending.cancel());
        pending.then(
          (result) => {
            if (isCanceledRequest(result)) return;
            settle(key, { status: 'done', attachment: result, file_name: result.file_name });
          },
          (error: unknown) => settle(key, { status: 'error', error: uploadErrorText(error) }),
        );
        return { key, file_name: file.name, size: file.size, status: 'uploading' } as const;
      });
      setItems((current) => [...current, ...started]);
      return null;
    },
    [items, myshopifyDomain, settle],
  );

  const addUploaded = useCallback((attachments: Attachment[]) => {
    setItems((current) => [...current, ...attachments.map(fromAttachment)]);
  }, []);

  const remove = useCallback((key: string) => {
    inFlight.current.get(key)?.();
    inFlight.current.delete(key);
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  const reset = useCallback(
    (attachments: Attachment[] = []) => {
      cancelAll();
      setItems(attachments.map(fromAttachment));
    },
    [cancelAll],
  );

  return useMemo(
    () => ({
      items,
      ids: items.flatMap((item) =>
        item.status === 'done' && item.attachment ? [item.attachment.id] : [],
      ),
      uploading: items.some((item) => item.status === 'uploading'),
      add,
      addUploaded,
      remove,
      reset,
    }),
    [items, add, addUploaded, remove, reset],
  );
}
