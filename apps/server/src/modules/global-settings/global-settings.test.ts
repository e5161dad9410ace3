import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_SETTINGS_DEFAULTS } from '@parley/contracts';
import { as, createTestContext, signUp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const URL = '/dashboardapi/global/settings';

describe('global settings (docs/product/data.md, docs/product/api.md)', () => {
  it('answers the defaults for a new account (docs/product/data.md)', async () => {
    const s = await signUp(ctx);
    const res = await as(ctx, s).get(URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      default_fonts: ['Tahoma'],
      live_chat_notification_sound: 1,
      auto_assign_user_on_reply: false,
      treat_subject_and_sender_combination_as_single_thread: false,
      are_keyboard_shortcuts_disabled: false,
    });
    expect(res.json()).toEqual(GLOBAL_SETTINGS_DEFAULTS);
  });

  it('PATCH changes only the fields sent, persists them, and emits global_settings_updated', async () => {
    const s = await signUp(ctx);
    const events: unknown[] = [];
    const off = ctx.deps.events.on('global_settings_updated', (e) => events.push(e));
    const res = await as(ctx, s).patch(URL, {
      auto_assign_user_on_reply: true,
      default_fonts: ['Georgia', 'Arial'],
    });
    off();
    expect(res.statusCode).toBe(200);
    const expected = {
      ...GLOBAL_SETTINGS_DEFAULTS,
      auto_assign_user_on_reply: true,
      default_fonts: ['Georgia', 'Arial'],
    };
    expect(res.json()).toEqual(expected);
    expect((await as(ctx, s).get(URL)).json()).toEqual(expected);
    expect(events).toEqual([{ accountId: s.accountId, settings: expected }]);
  });

  it('settings belong to one account: a change in A does not touch B', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    await as(ctx, a).patch(URL, { are_keyboard_shortcuts_disabled: true });
    expect((await as(ctx, b).get(URL)).json().are_keyboard_shortcuts_disabled).toBe(false);
  });

  it.each([
    ['an unknown field', { theme: 'dark' }],
    ['a wrongly typed boolean', { auto_assign_user_on_reply: 'yes' }],
    ['a wrongly typed number', { live_chat_notification_sound: '2' }],
    ['a fractional sound', { live_chat_notification_sound: 1.5 }],
    ['fonts that are not a list', { default_fonts: 'Tahoma' }],
    ['an empty font name', { default_fonts: [''] }],
    ['null', null],
  ])('PATCH with %s answers 400 validation_error and changes nothing', async (_case, body) => {
    const s = await signUp(ctx);
    const res = await as(ctx, s).patch(URL, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', message: expect.any(String) });
    expect((await as(ctx, s).get(URL)).json()).toEqual(GLOBAL_SETTINGS_DEFAULTS);
  });
});
