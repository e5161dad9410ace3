// Merging and splitting conversations (docs/product/merge-and-split.md): values the web app uses,
// free of zod. The schemas are in conversation-moves.ts.

export const CONVERSATION_MOVE_KINDS = ['merge', 'split'] as const;
export type ConversationMoveKind = (typeof CONVERSATION_MOVE_KINDS)[number];

/** `POST {from_conversation_id, confirm_other_contact?}`: that conversation is merged into this one. */
export const conversationMergePath = (conversationId: number) =>
  `/dashboardapi/conversations/${conversationId}/merge`;
/** `POST {message_id}`: that message and every one after it move to a new conversation. */
export const conversationSplitPath = (conversationId: number) =>
  `/dashboardapi/conversations/${conversationId}/split`;
/** `GET`: the merges and splits this conversation took part in, and what it was merged into. */
export const conversationMovesPath = (conversationId: number) =>
  `/dashboardapi/conversations/${conversationId}/moves`;
/** `POST`: undo a merge or split (its messages go back exactly). */
export const conversationMoveUndoPath = (moveId: number) =>
  `/dashboardapi/conversation-moves/${moveId}/undo`;

/**
 * The activity lines a merge or split writes. Their facts are stored with them (activity-lines.ts);
 * lines stored before as English text alone are read back with parseMoveActivity to show them in
 * the reader's language, with Undo.
 */
export type MoveActivity =
  | { kind: 'merged_in'; other: number; name: string }
  | { kind: 'merged_into'; other: number; name: string }
  | { kind: 'split_into'; other: number; name: string }
  | { kind: 'split_from'; other: number; name: string }
  | { kind: 'undone'; move: ConversationMoveKind; other: number; name: string };

export function moveActivityText(activity: MoveActivity): string {
  const { other, name } = activity;
  switch (activity.kind) {
    case 'merged_in':
      return `Merged #${other} into this conversation by ${name}`;
    case 'merged_into':
      return `Merged into #${other} by ${name}`;
    case 'split_into':
      return `Split into #${other} by ${name}`;
    case 'split_from':
      return `Split from #${other} by ${name}`;
    case 'undone':
      return activity.move === 'merge'
        ? `Merge with #${other} undone by ${name}`
        : `Split with #${other} undone by ${name}`;
  }
}

const LINES: [RegExp, (m: RegExpExecArray) => MoveActivity][] = [
  [
    /^Merged #(\d+) into this conversation by (.+)$/s,
    (m) => ({ kind: 'merged_in', other: Number(m[1]), name: m[2]! }),
  ],
  [
    /^Merged into #(\d+) by (.+)$/s,
    (m) => ({ kind: 'merged_into', other: Number(m[1]), name: m[2]! }),
  ],
  [
    /^Split into #(\d+) by (.+)$/s,
    (m) => ({ kind: 'split_into', other: Number(m[1]), name: m[2]! }),
  ],
  [
    /^Split from #(\d+) by (.+)$/s,
    (m) => ({ kind: 'split_from', other: Number(m[1]), name: m[2]! }),
  ],
  [
    /^(Merge|Split) with #(\d+) undone by (.+)$/s,
    (m) => ({
      kind: 'undone',
      move: m[1] === 'Merge' ? 'merge' : 'split',
      other: Number(m[2]),
      name: m[3]!,
    }),
  ],
];

/** The merge or split a stored activity line says, or null for any other line. */
export function parseMoveActivity(body: string): MoveActivity | null {
  for (const [line, read] of LINES) {
    const m = line.exec(body);
    if (m) return read(m);
  }
  return null;
}
