// The kit's entry for the features' api/ files, apart from its UI (./index): a feature's API is
// loaded on the inbox route too (the macro picker runs macros), which must not carry the pages' kit.
import type { BaseQueryFn, TypedMutationOnQueryStarted } from '@reduxjs/toolkit/query';
import type { baseApi } from '../../lib/base-api';
import { inIdOrder, withoutId, withSaved, type ListItem } from './list-order';

/** The builder a feature's `baseApi.injectEndpoints` hands its `endpoints`. */
type EndpointBuild = Parameters<Parameters<typeof baseApi.injectEndpoints>[0]['endpoints']>[0];

type CacheDispatch = Parameters<
  NonNullable<TypedMutationOnQueryStarted<unknown, unknown, BaseQueryFn>>
>[1]['dispatch'];

/**
 * Changes a feature's cached list (the data of its list query): `change` gets the items and
 * returns them as they are to be. Returns the patch, whose `undo` puts them back.
 */
export type CachedListChange<Item> = (
  dispatch: CacheDispatch,
  change: (items: Item[]) => Item[],
) => { undo: () => void };

interface ItemEndpointsOptions<Item> {
  /** The list's path: POST adds an item, `{path}/{id}` is one item (PATCH, DELETE). */
  path: string;
  changeCachedList: CachedListChange<Item>;
}

/**
 * Create, update and delete for the items of a settings list. What the server saved or deleted
 * shows in the cached list at once, without reading the whole list again.
 */
export function itemEndpoints<Item extends ListItem, Body, Patch = Body>(
  build: EndpointBuild,
  { path, changeCachedList }: ItemEndpointsOptions<Item>,
) {
  const putSaved = async (
    _: unknown,
    {
      dispatch,
      queryFulfilled,
    }: { dispatch: CacheDispatch; queryFulfilled: Promise<{ data: Item }> },
  ) => {
    const { data } = await queryFulfilled.catch(() => ({ data: null }));
    if (data) changeCachedList(dispatch, (items) => withSaved(items, data));
  };
  return {
    create: build.mutation<Item, Body>({
      query: (body) => ({ url: path, method: 'POST', body }),
      onQueryStarted: putSaved,
    }),
    update: build.mutation<Item, { id: number; patch: Patch }>({
      query: ({ id, patch }) => ({ url: `${path}/${id}`, method: 'PATCH', body: patch }),
      onQueryStarted: putSaved,
    }),
    remove: build.mutation<unknown, number>({
      query: (id) => ({ url: `${path}/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const deleted = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (deleted) changeCachedList(dispatch, (items) => withoutId(items, id));
      },
    }),
  };
}

/**
 * Saves the order of a settings list, given as its ids. The new order shows at once, and goes
 * back if the server refuses it.
 */
export function reorderEndpoint<Item extends ListItem>(
  build: EndpointBuild,
  {
    url,
    method,
    changeCachedList,
  }: { url: string; method: 'POST' | 'PUT'; changeCachedList: CachedListChange<Item> },
) {
  return build.mutation<unknown, number[]>({
    query: (ids) => ({ url, method, body: { ids } }),
    async onQueryStarted(ids, { dispatch, queryFulfilled }) {
      const patch = changeCachedList(dispatch, (items) => inIdOrder(items, ids));
      await queryFulfilled.catch(() => patch.undo());
    },
  });
}
