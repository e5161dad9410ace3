import { describe, expect, it } from 'vitest';
import { ruleSentence, type RuleNames } from './rule-sentence';

const names: RuleNames = {
  tag: (id) => (id === 1 ? 'refund' : undefined),
  user: (id) => (id === 3 ? 'Tariq' : undefined),
  team: (id) => (id === 2 ? 'Billing' : undefined),
  channel: () => undefined,
  fastReply: () => undefined,
  store: (id) => (id === 4 ? 'North store' : undefined),
};

describe('a rule read as a sentence', () => {
  it('says the trigger, the conditions joined by and, then the actions with names', () => {
    expect(
      ruleSentence(
        {
          trigger: 'message_received',
          conditions: {
            match: 'all',
            conditions: [
              { field: 'channel_type', operator: 'is', value: 'whatsapp_gupshup_isv' },
              { field: 'message', operator: 'contains', value: 'refund' },
            ],
          },
          actions: [
            { type: 'add_tags', tag_ids: [1] },
            { type: 'assign_team', team_id: 2 },
          ],
        },
        names,
      ),
    ).toBe(
      'When a customer message is received, if channel is WhatsApp and message contains “refund”, add tag refund, assign to Billing',
    );
  });

  it('joins “any” conditions with or, and shows a deleted object by its id', () => {
    expect(
      ruleSentence(
        {
          trigger: 'conversation_created',
          conditions: {
            match: 'any',
            conditions: [
              { field: 'first_message', operator: 'is', value: true },
              { field: 'assignee', operator: 'is_none', value: null },
            ],
          },
          actions: [{ type: 'add_tags', tag_ids: [9] }],
        },
        names,
      ),
    ).toBe(
      'When a conversation is created, if it is the first message or nobody is assigned, add tag #9',
    );
  });

  it('says how long a time-based rule waits (docs/product/automation.md)', () => {
    const rule = (trigger: 'pending_for' | 'no_customer_reply', wait_minutes: number) =>
      ruleSentence(
        {
          trigger,
          wait_minutes,
          conditions: { match: 'all', conditions: [] },
          actions: [{ type: 'close' }],
        },
        names,
      );
    expect(rule('pending_for', 2 * 24 * 60)).toMatch(
      /^When a conversation has been pending for 2 days, /,
    );
    expect(rule('no_customer_reply', 90)).toMatch(
      /^When the customer has not replied for 1 hr(,| and) 30 min, /,
    );
  });

  it('says an auto-assign action, within its team or as the conversation’s setup says', () => {
    const rule = (actions: { type: 'auto_assign'; team_id?: number }[]) =>
      ruleSentence(
        { trigger: 'status_changed', conditions: { match: 'all', conditions: [] }, actions },
        names,
      );
    expect(rule([{ type: 'auto_assign' }])).toBe(
      'When the status changes, auto-assign to an available agent',
    );
    expect(rule([{ type: 'auto_assign', team_id: 2 }])).toBe(
      'When the status changes, auto-assign to an available agent of Billing',
    );
    expect(rule([{ type: 'auto_assign', team_id: 9 }])).toBe(
      'When the status changes, auto-assign to an available agent of #9',
    );
  });

  it('says a mention, a webhook by its host, a store and a contact field', () => {
    expect(
      ruleSentence(
        {
          trigger: 'message_received',
          conditions: {
            match: 'any',
            conditions: [
              { field: 'store', operator: 'is_not', value: 4 },
              { field: 'store', operator: 'is', value: 8 },
              { field: 'contact_field', name: 'email', operator: 'contains', value: '@big.com' },
              { field: 'contact_field', name: 'plan', operator: 'is', value: 'Gold' },
              { field: 'contact_field', name: 'phone', operator: 'is_not_empty', value: '' },
            ],
          },
          actions: [
            { type: 'mention', user_id: 3, body: 'look' },
            { type: 'send_webhook', url: 'https://hooks.example.com/x?y=1' },
            { type: 'send_webhook', url: 'not a url' },
          ],
        },
        names,
      ),
    ).toBe(
      'When a customer message is received, if store is not North store or store is #8 or contact email contains “@big.com” or contact attribute “plan” is “Gold” or contact phone is not empty, mention Tariq in an internal note, send a webhook to hooks.example.com, send a webhook to not a url',
    );
  });
});
