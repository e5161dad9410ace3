import { describe, expect, it } from 'vitest';
import { makeStore, type AppStore, type RootState } from '../../app/store';
import { fakeApi, json, type RecordedCall } from '../../test/fake-api';
import { signInCookies } from '../../test/fixtures';
import {
  createFastReply,
  deleteFastReplyFolder,
  deleteSelectedFastReply,
  fastRepliesSearched,
  fastReplySelected,
  fetchFastReplies,
  folderAdded,
  folderRemoved,
  updateFastReply,
} from './fast-reply-slice';
import {
  FAST_REPLY_LIST,
  GREETING,
  REFUND,
  SERVER_ERROR_BODY,
  SHIPPING,
  template,
} from './test/fast-reply-fixtures';

function freshStore(): AppStore {
  signInCookies();
  const { store } = makeStore({ persist: false });
  return store;
}

/** The store's state, typed. */
const stateOf = (store: AppStore): RootState => store.getState();
const ids = (store: AppStore) => stateOf(store).fastReply.data.map((item) => item.id);

async function loadedStore(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /dashboardapi/fastreply/all': json(200, FAST_REPLY_LIST), ...routes });
  const store = freshStore();
  await store.dispatch(fetchFastReplies());
  return { store, api };
}

describe('fast replies: list rules (docs/product/states.md)', () => {
  it('fetch replaces the list and selects the first item', async () => {
    const { store, api } = await loadedStore();
    const state = stateOf(store).fastReply;
    expect(api.callsTo('GET /dashboardapi/fastreply/all')).toHaveLength(1);
    expect(ids(store)).toEqual([1, 2, 3]);
    expect(state.filteredFastReplies.map((i) => i.id)).toEqual([1, 2, 3]);
    expect(state.folders).toEqual(['Billing', 'Orders']);
    expect(state.selectedFastReply).toMatchObject({ id: 1, name: 'Refund issued' });
    expect(state.selectedKeys).toEqual(['fastreply_1']);
    expect(state.loading).toBe(false);

    // A second fetch replaces (does not append to) the list.
    api.fetch.mockClear();
    fakeApi({
      'GET /dashboardapi/fastreply/all': json(200, { fast_replies: [GREETING], folders: [] }),
    });
    await store.dispatch(fetchFastReplies());
    expect(ids(store)).toEqual([3]);
    expect(stateOf(store).fastReply.selectedKeys).toEqual(['fastreply_3']);
  });

  it('fetch clears the selection when in create mode', async () => {
    const { store } = await loadedStore();
    await store.dispatch(fetchFastReplies({ createMode: true }));
    expect(ids(store)).toEqual([1, 2, 3]);
    expect(stateOf(store).fastReply.selectedFastReply).toBeNull();
    expect(stateOf(store).fastReply.selectedKeys).toEqual([]);
  });

  it('fetch of an empty list selects nothing', async () => {
    fakeApi({ 'GET /dashboardapi/fastreply/all': json(200, { fast_replies: [], folders: [] }) });
    const store = freshStore();
    await store.dispatch(fetchFastReplies());
    expect(stateOf(store).fastReply.selectedFastReply).toBeNull();
    expect(stateOf(store).fastReply.selectedKeys).toEqual([]);
  });

  it('create adds the item to the top of the list and selects it', async () => {
    const created = template(9, { name: 'Apology', folder: 'Escalations' });
    const { store, api } = await loadedStore({
      'POST /dashboardapi/fastreply': json(201, created),
    });
    store.dispatch(folderAdded('Escalations'));
    await store.dispatch(
      createFastReply({
        name: 'Apology',
        template_content: created.template_content,
        folder: 'Escalations',
        attachment_ids: [],
      }),
    );
    const state = stateOf(store).fastReply;
    expect(ids(store)).toEqual([9, 1, 2, 3]);
    expect(state.selectedFastReply?.id).toBe(9);
    expect(state.selectedKeys).toEqual(['fastreply_9']);
    expect(state.submitting).toBe(false);
    expect(api.callsTo('POST /dashboardapi/fastreply')[0]?.body).toEqual({
      name: 'Apology',
      template_content: created.template_content,
      folder: 'Escalations',
      attachment_ids: [],
      folders: ['Billing', 'Orders', 'Escalations'],
    });
  });

  it('update moves the updated item to the top (and keeps it selected)', async () => {
    const { store, api } = await loadedStore({
      'PATCH /dashboardapi/fastreply': (call: RecordedCall) =>
        json(200, { ...GREETING, ...(call.body as object), updated_at: '2026-06-01T00:00:00Z' }),
    });
    store.dispatch(fastReplySelected(3));
    await store.dispatch(updateFastReply({ id: 3, changes: { name: 'Warm greeting' } }));
    expect(ids(store)).toEqual([3, 1, 2]);
    expect(stateOf(store).fastReply.data[0]?.name).toBe('Warm greeting');
    expect(stateOf(store).fastReply.selectedFastReply?.name).toBe('Warm greeting');
    expect(stateOf(store).fastReply.selectedKeys).toEqual(['fastreply_3']);
    const [patch] = api.callsTo('PATCH /dashboardapi/fastreply');
    expect(new URL(patch!.url, 'http://x').searchParams.get('id')).toBe('3');
  });

  it('delete removes the selected item and selects the first remaining one (DELETE ?id= with a body)', async () => {
    const { store, api } = await loadedStore({
      'DELETE /dashboardapi/fastreply': (call: RecordedCall) =>
        json(200, { id: Number(new URL(call.url, 'http://x').searchParams.get('id')) }),
    });
    store.dispatch(fastReplySelected(2));
    await store.dispatch(deleteSelectedFastReply());
    expect(ids(store)).toEqual([1, 3]);
    expect(stateOf(store).fastReply.selectedFastReply?.id).toBe(1);
    expect(stateOf(store).fastReply.selectedKeys).toEqual(['fastreply_1']);
    const [del] = api.callsTo('DELETE /dashboardapi/fastreply');
    expect(del?.url).toContain('id=2');
    expect(del?.body).toEqual({ id: 2 });
  });

  it('delete of the last item leaves no selection', async () => {
    fakeApi({
      'GET /dashboardapi/fastreply/all': json(200, { fast_replies: [REFUND], folders: [] }),
      'DELETE /dashboardapi/fastreply': json(200, { id: 1 }),
    });
    const store = freshStore();
    await store.dispatch(fetchFastReplies());
    await store.dispatch(deleteSelectedFastReply());
    expect(stateOf(store).fastReply.data).toEqual([]);
    expect(stateOf(store).fastReply.selectedFastReply).toBeNull();
    expect(stateOf(store).fastReply.selectedKeys).toEqual([]);
  });

  it('folders can be added (no duplicates) or removed', async () => {
    const { store } = await loadedStore();
    store.dispatch(folderAdded('Returns'));
    store.dispatch(folderAdded('Returns'));
    store.dispatch(folderAdded(' billing '));
    store.dispatch(folderAdded('   '));
    expect(stateOf(store).fastReply.folders).toEqual(['Billing', 'Orders', 'Returns']);
    store.dispatch(folderRemoved('Orders'));
    expect(stateOf(store).fastReply.folders).toEqual(['Billing', 'Returns']);
  });

  it('removing a folder on the server moves its templates out of it', async () => {
    const { store, api } = await loadedStore({
      'DELETE /dashboardapi/fastreply/folder': json(200, { folders: ['Orders'] }),
    });
    await store.dispatch(deleteFastReplyFolder('Billing'));
    expect(api.callsTo('DELETE /dashboardapi/fastreply/folder')[0]?.url).toContain('name=Billing');
    expect(stateOf(store).fastReply.folders).toEqual(['Orders']);
    expect(stateOf(store).fastReply.data.find((i) => i.id === 1)?.folder).toBeNull();
    expect(stateOf(store).fastReply.selectedFastReply?.folder).toBeNull();
  });

  it('search filters by name, content or folder (filteredFastReplies)', async () => {
    const { store } = await loadedStore();
    const filtered = (search: string) => {
      store.dispatch(fastRepliesSearched(search));
      return stateOf(store).fastReply.filteredFastReplies.map((i) => i.id);
    };
    expect(filtered('refund')).toEqual([1]);
    expect(filtered('PARCEL')).toEqual([2]);
    expect(filtered('orders')).toEqual([2]);
    expect(filtered('nothing like this')).toEqual([]);
    expect(filtered('')).toEqual([1, 2, 3]);
    expect(SHIPPING.folder).toBe('Orders');
  });

  it('a failed create, update or delete stores the error payload and keeps the list', async () => {
    const { store } = await loadedStore({
      'POST /dashboardapi/fastreply': json(500, SERVER_ERROR_BODY),
      'PATCH /dashboardapi/fastreply': json(500, SERVER_ERROR_BODY),
      'DELETE /dashboardapi/fastreply': json(500, SERVER_ERROR_BODY),
    });
    for (const attempt of [
      () =>
        store.dispatch(createFastReply({ name: 'x', template_content: 'y', attachment_ids: [] })),
      () => store.dispatch(updateFastReply({ id: 1, changes: { name: 'z' } })),
      () => store.dispatch(deleteSelectedFastReply()),
    ]) {
      const result = await attempt();
      expect(result.meta.requestStatus).toBe('rejected');
      expect(stateOf(store).fastReply.error).toMatchObject({
        status: 500,
        code: 'internal_error',
      });
      expect(stateOf(store).fastReply.submitting).toBe(false);
      expect(ids(store)).toEqual([1, 2, 3]);
    }
  });
});
