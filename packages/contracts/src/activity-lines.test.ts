import { describe, expect, it } from 'vitest';
import {
  activityActionText,
  activityLineSchema,
  activityLineText,
  type ActivityAction,
  type ActivityLine,
} from './activity-lines';

/** Every line the server writes, with the English it has always stored in messages.body. */
const LINES: [ActivityLine, string][] = [
  [{ key: 'status_changed', actor: 'Ada', status: 'closed' }, 'Ada changed the status to closed'],
  [{ key: 'priority_changed', actor: 'Ada', priority: 'high' }, 'Ada set the priority to high'],
  [{ key: 'assigned', actor: 'Ada', assignee: 'Bob' }, 'Ada assigned the conversation to Bob'],
  [{ key: 'self_assigned', actor: 'Ada' }, 'Ada self-assigned the conversation'],
  [{ key: 'unassigned', actor: 'Ada' }, 'Ada unassigned the conversation'],
  [{ key: 'team_changed', actor: 'Ada' }, 'Ada moved the conversation to another team'],
  [{ key: 'team_removed', actor: 'Ada' }, 'Ada removed the team'],
  [{ key: 'auto_assigned', name: 'Bob', mode: 'round_robin' }, 'Assigned to Bob by round-robin'],
  [{ key: 'auto_assigned', name: 'Bob', mode: 'least_busy' }, 'Assigned to Bob by least-busy'],
  [{ key: 'returned_to_queue', name: 'Bob' }, 'Returned to the queue: Bob went offline'],
  [
    {
      key: 'rule_ran',
      rule: 'VIP',
      actions: [
        { key: 'set_priority', priority: 'high' },
        { key: 'added_tags', tags: ['vip', 'gold'] },
      ],
      failure: null,
    },
    'Rule “VIP” set the priority to high, added tag vip, gold',
  ],
  [
    {
      key: 'rule_ran',
      rule: 'VIP',
      actions: [{ key: 'closed' }],
      failure: 'The conversation was not found.',
    },
    'Rule “VIP” closed it, then stopped: The conversation was not found.',
  ],
  [
    { key: 'rule_ran', rule: 'Hand out', actions: [], failure: 'Auto-assignment is off.' },
    'Rule “Hand out” stopped: Auto-assignment is off.',
  ],
  [
    {
      key: 'macro_ran',
      actor: 'Ada',
      macro: 'Escalate',
      actions: [{ key: 'set_status', status: 'pending' }, { key: 'closed' }],
      failure: null,
    },
    'Ada ran the macro “Escalate”: set the status to pending, closed',
  ],
  [
    {
      key: 'macro_ran',
      actor: 'Ada',
      macro: 'Escalate',
      actions: [{ key: 'added_note' }],
      failure: 'That fast reply was not found.',
    },
    'Ada ran the macro “Escalate”: added a note, then it stopped: That fast reply was not found.',
  ],
  [
    { key: 'macro_ran', actor: 'Ada', macro: 'Escalate', actions: [], failure: 'Gone.' },
    'Ada ran the macro “Escalate”: stopped: Gone.',
  ],
  [
    {
      key: 'webhook_failed',
      rule: 'Hook',
      host: 'hooks.example.com',
      tries: 1,
      reason: 'it answered HTTP 410',
    },
    'Rule “Hook” could not send its webhook to hooks.example.com after 1 try: it answered HTTP 410',
  ],
  [
    {
      key: 'webhook_failed',
      rule: 'Hook',
      host: 'hooks.example.com',
      tries: 5,
      reason: 'it answered HTTP 503',
    },
    'Rule “Hook” could not send its webhook to hooks.example.com after 5 tries: it answered HTTP 503',
  ],
  [{ key: 'merged_in', other: 12, name: 'Ada' }, 'Merged #12 into this conversation by Ada'],
  [{ key: 'merged_into', other: 12, name: 'Ada' }, 'Merged into #12 by Ada'],
  [{ key: 'split_into', other: 12, name: 'Ada' }, 'Split into #12 by Ada'],
  [{ key: 'split_from', other: 12, name: 'Ada' }, 'Split from #12 by Ada'],
  [{ key: 'move_undone', move: 'merge', other: 12, name: 'Ada' }, 'Merge with #12 undone by Ada'],
  [{ key: 'move_undone', move: 'split', other: 12, name: 'Ada' }, 'Split with #12 undone by Ada'],
  [
    { key: 'contact_merged', actor: 'Ada', into: 'Cora', from: 'cora@example.com' },
    'Contact merged into Cora (was cora@example.com) by Ada',
  ],
];

/** Each thing a rule or macro does, with its words in the run's line. */
const ACTIONS: [ActivityAction, string][] = [
  [{ key: 'assigned_agent', name: 'Bob' }, 'assigned to Bob'],
  [{ key: 'assigned_team', name: 'Billing' }, 'assigned to Billing'],
  [{ key: 'added_tags', tags: ['refund'] }, 'added tag refund'],
  [{ key: 'removed_tags', tags: ['vip', 'gold'] }, 'removed tag vip, gold'],
  [{ key: 'set_priority', priority: 'urgent' }, 'set the priority to urgent'],
  [{ key: 'set_status', status: 'open' }, 'set the status to open'],
  [{ key: 'snoozed', minutes: 30 }, 'snoozed it for 30 minutes'],
  [{ key: 'added_note' }, 'added a note'],
  [{ key: 'sent_fast_reply' }, 'sent a fast reply'],
  [{ key: 'closed' }, 'closed it'],
  [{ key: 'auto_assign', team: null }, 'auto-assigned it'],
  [{ key: 'auto_assign', team: 'Tier 2' }, 'auto-assigned it within Tier 2'],
  [
    { key: 'auto_assigned', assignee: 'Bob', mode: 'round_robin', team: 'Tier 2' },
    'assigned to Bob by round-robin within Tier 2',
  ],
  [
    { key: 'auto_assigned', assignee: 'Bob', mode: 'least_busy', team: null },
    'assigned to Bob by least-busy',
  ],
  [
    { key: 'auto_assign_queued', mode: 'round_robin', team: 'Tier 2' },
    'queued it for round-robin within Tier 2: no agent available',
  ],
  [{ key: 'auto_assign_unassigned', team: null }, 'left it unassigned: no agent available'],
  [{ key: 'mentioned', name: 'Bob' }, 'mentioned Bob in a note'],
  [{ key: 'sent_webhook', host: 'hooks.example.com' }, 'sent a webhook to hooks.example.com'],
];

describe('activity lines', () => {
  it.each(LINES)('%j reads as the English stored before', (line, english) => {
    expect(activityLineText(line)).toBe(english);
    // What the server stores is what the schema reads back.
    expect(activityLineSchema.parse(JSON.parse(JSON.stringify(line)))).toEqual(line);
  });

  it.each(ACTIONS)('the action %j reads as before in a rule’s line', (action, english) => {
    expect(activityActionText(action, 'rule')).toBe(english);
  });

  it('a macro’s close reads “closed”, a rule’s “closed it”', () => {
    expect(activityActionText({ key: 'closed' }, 'macro')).toBe('closed');
    expect(activityActionText({ key: 'closed' }, 'rule')).toBe('closed it');
  });

  it('covers every kind of line the server writes', () => {
    const keys = activityLineSchema.options.map((o) => o.shape.key.value);
    expect(new Set(LINES.map(([line]) => line.key))).toEqual(new Set(keys));
  });
});
