import { describe, expect, it } from 'vitest';
import {
  moveActivityText,
  parseMoveActivity,
  type MoveActivity,
} from './conversation-moves-constants';

describe('merge and split activity lines', () => {
  it('are read back as written, so the web app can show them in the reader’s language with Undo', () => {
    const lines: MoveActivity[] = [
      { kind: 'merged_in', other: 12, name: 'Ana' },
      { kind: 'merged_into', other: 7, name: 'Ana Lee' },
      { kind: 'split_into', other: 99, name: 'Bo by the sea' },
      { kind: 'split_from', other: 3, name: 'Ana' },
      { kind: 'undone', move: 'merge', other: 4, name: 'Ana' },
      { kind: 'undone', move: 'split', other: 5, name: 'Ana' },
    ];
    for (const line of lines) expect(parseMoveActivity(moveActivityText(line))).toEqual(line);
  });

  it('any other line is not a move', () => {
    expect(parseMoveActivity('Ana changed the status to closed')).toBeNull();
    expect(parseMoveActivity('Merged into the queue')).toBeNull();
  });
});
