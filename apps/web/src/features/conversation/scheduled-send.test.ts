import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { EMPTY_DRAFT } from './composer-drafts-slice';
import { restoredDraft } from './restore-draft';
import {
  partitionScheduled,
  rememberUndoable,
  schedulePresets,
  sendAtValue,
} from './scheduled-send';
import { scheduled } from './test/scheduled-fixtures';

const at = (text: string) => dayjs(text);

describe('scheduled send: quick choices, the list, Undo', () => {
  it('offers in 1 hour, tomorrow at 9:00 and Monday at 9:00, in the device’s time zone', () => {
    const friday = at('2026-03-06T15:20:30');
    const presets = schedulePresets(friday);
    expect(presets.map((p) => [p.key, p.at.format('YYYY-MM-DD HH:mm:ss')])).toEqual([
      ['in-1-hour', '2026-03-06 16:20:00'],
      ['tomorrow', '2026-03-07 09:00:00'],
      ['monday', '2026-03-09 09:00:00'],
    ]);
    expect(presets[1]?.label).toMatch(/^Tomorrow at /);
  });

  it('leaves Monday out on a Sunday, when it is tomorrow', () => {
    const sunday = at('2026-03-08T10:00:00');
    expect(schedulePresets(sunday).map((p) => p.key)).toEqual(['in-1-hour', 'tomorrow']);
  });

  it('sends send_at as ISO 8601 with the offset', () => {
    expect(sendAtValue(at('2026-03-07T09:00:00'))).toMatch(
      /^2026-03-07T09:00:00\.000[+-]\d\d:\d\d$/,
    );
  });

  it('lists scheduled and failed ones; undo-window sends only when failed, and the caller’s own as "Sending… Undo"', () => {
    const plain = scheduled();
    const mineUndo = scheduled({ undo: true });
    const theirUndo = scheduled({ undo: true, author: { id: 2, name: 'Sam Agent' } });
    const failedUndo = scheduled({ undo: true, status: 'failed' });
    const sent = scheduled({ status: 'sent' });
    const { listed, undoing } = partitionScheduled(
      [plain, mineUndo, theirUndo, failedUndo, sent],
      1,
    );
    expect(listed).toEqual([plain, failedUndo]);
    expect(undoing).toEqual([mineUndo]);
  });

  it('Undo puts back what the composer had (text, mode, mentions, files), before anything written since', () => {
    const message = scheduled({ kind: 'note', body: 'Ask @Sam Agent' });
    const file = {
      id: 9,
      file_name: 'label.pdf',
      content_type: 'application/pdf',
      size: 10,
      is_embedded: false,
      url: '/x',
    };
    rememberUndoable(message.id, {
      draft: { mode: 'note', body: 'Ask @Sam Agent', mentions: [{ id: 2, name: 'Sam Agent' }] },
      files: [file],
    });
    expect(restoredDraft(message, { ...EMPTY_DRAFT, body: 'And more' })).toEqual({
      mode: 'note',
      body: 'Ask @Sam Agent\n\nAnd more',
      mentions: [{ id: 2, name: 'Sam Agent' }],
      restoredFiles: [file],
    });
    // Without the copy kept in this tab (after a reload), the server's text and kind.
    expect(restoredDraft(message, EMPTY_DRAFT)).toEqual({
      mode: 'note',
      body: 'Ask @Sam Agent',
      mentions: [],
    });
  });
});
