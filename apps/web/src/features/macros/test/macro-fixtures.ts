import type { Macro } from '@parley/contracts';

/** A shared macro that closes the conversation, not the reader's to change; `extra` over it. */
export const macro = (id: number, name: string, extra: Partial<Macro> = {}): Macro => ({
  id,
  name,
  description: null,
  visibility: 'shared',
  actions: [{ type: 'close' }],
  position: id,
  created_by: 1,
  editable: false,
  broken_reason: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...extra,
});
