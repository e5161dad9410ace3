import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  Attachment,
  FastReplyCreateBody,
  FastReplyTemplate,
  FastReplyUpdateBody,
} from '@parley/contracts';
import { toErrorPayload, type ApiErrorPayload } from '../../lib/api-error';
import { isCanceledRequest } from '../../lib/request';
import { fastReplyApi, type FastReplyList } from './api/fast-reply-api';
import { t } from '@lingui/core/macro';

/**
 * Fast-reply (canned reply) templates: the state of docs/product/data.md and the list rules of docs/product/states.md.
 * Persisted with globalSettings under the shared-inbox key (app/store).
 */

export type FastReplyAttachment = Attachment;

/** selectedFastReply {id (docs/product/data.md), name, template_content, attachments[], folder}. */
export interface FastReply {
  id: number;
  name: string;
  template_content: string;
  attachments: FastReplyAttachment[];
  folder: string | null;
  updated_at?: string;
}

export interface FastReplyState {
  loading: boolean;
  submitting: boolean;
  data: FastReply[];
  filteredFastReplies: FastReply[];
  /** Menu keys of the form fastreply_{id}. */
  selectedKeys: string[];
  selectedFastReply: FastReply | null;
  folders: string[];
  error: ApiErrorPayload | null;
}

export const initialFastReplyState: FastReplyState = {
  loading: false,
  submitting: false,
  data: [],
  filteredFastReplies: [],
  selectedKeys: [],
  selectedFastReply: null,
  folders: [],
  error: null,
};

export const fastReplyKey = (id: number) => `fastreply_${id}`;

/** Templates whose name, content or folder contain the search (case-insensitive). */
export function filterFastReplies<T extends Pick<FastReply, 'name' | 'folder'>>(
  list: T[],
  search: string,
  fields: ReadonlyArray<'name' | 'template_content' | 'folder'> = [
    'name',
    'template_content',
    'folder',
  ],
): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return list;
  return list.filter((item) =>
    fields.some((field) =>
      String((item as Partial<FastReply>)[field] ?? '')
        .toLowerCase()
        .includes(needle),
    ),
  );
}

type ThunkConfig = { rejectValue: ApiErrorPayload; state: { fastReply: FastReplyState } };

// i18n-ignore-next-line: a canceled request is dropped (its code is checked), never shown
const CANCELED: ApiErrorPayload = { status: 0, code: 'canceled', message: 'Request canceled' };

async function call<T>(promise: Promise<T | { canceled: true; message: string }>) {
  const result = await promise;
  if (isCanceledRequest(result)) throw CANCELED;
  return result;
}

function rejection(error: unknown): ApiErrorPayload {
  return error === CANCELED ? CANCELED : toErrorPayload(error);
}

/** Fetch (docs/product/states.md): `createMode` is whether the page is writing a new template. */
export const fetchFastReplies = createAsyncThunk<
  FastReplyList,
  { createMode?: boolean } | undefined,
  ThunkConfig
>('fastReply/fetch', async (_, { rejectWithValue, signal }) => {
  try {
    return await call(fastReplyApi.all({ signal }));
  } catch (error) {
    return rejectWithValue(rejection(error));
  }
});

export type FastReplyDraft = Omit<FastReplyCreateBody, 'folders'>;

export const createFastReply = createAsyncThunk<FastReplyTemplate, FastReplyDraft, ThunkConfig>(
  'fastReply/create',
  async (draft, { rejectWithValue, getState }) => {
    try {
      // Empty folders made on the page are kept by sending them along.
      const folders = getState().fastReply.folders;
      return await call(fastReplyApi.create({ ...draft, folders }));
    } catch (error) {
      return rejectWithValue(rejection(error));
    }
  },
);

export const updateFastReply = createAsyncThunk<
  FastReplyTemplate,
  { id: number; changes: Omit<FastReplyUpdateBody, 'folders'> },
  ThunkConfig
>('fastReply/update', async ({ id, changes }, { rejectWithValue, getState }) => {
  try {
    const folders = getState().fastReply.folders;
    return await call(fastReplyApi.update(id, { ...changes, folders }));
  } catch (error) {
    return rejectWithValue(rejection(error));
  }
});

/** Delete (docs/product/states.md): removes the selected template. */
export const deleteSelectedFastReply = createAsyncThunk<{ id: number }, void, ThunkConfig>(
  'fastReply/delete',
  async (_, { rejectWithValue, getState }) => {
    const selected = getState().fastReply.selectedFastReply;
    if (!selected) {
      return rejectWithValue({
        status: 0,
        code: 'bad_response',
        message: t`Choose a template first.`,
      });
    }
    try {
      await call(fastReplyApi.remove(selected.id));
      return { id: selected.id };
    } catch (error) {
      return rejectWithValue(rejection(error));
    }
  },
);

/** Removes a folder on the server; its templates move out of it. */
export const deleteFastReplyFolder = createAsyncThunk<{ folders: string[] }, string, ThunkConfig>(
  'fastReply/deleteFolder',
  async (name, { rejectWithValue }) => {
    try {
      return await call(fastReplyApi.removeFolder(name));
    } catch (error) {
      return rejectWithValue(rejection(error));
    }
  },
);

function select(state: FastReplyState, item: FastReply | null) {
  state.selectedFastReply = item;
  state.selectedKeys = item ? [fastReplyKey(item.id)] : [];
}

/** Keeps the folder list in step with a template's folder (no duplicates). */
function rememberFolder(state: FastReplyState, folder: string | null) {
  if (folder && !state.folders.includes(folder)) state.folders.push(folder);
}

/** After the list changes the search is applied again by whoever holds it (the page). */
function listChanged(state: FastReplyState) {
  state.filteredFastReplies = state.data;
}

function failed(state: FastReplyState, payload: ApiErrorPayload | undefined) {
  if (payload?.code !== 'canceled') state.error = payload ?? null;
}

export const fastReplySlice = createSlice({
  name: 'fastReply',
  initialState: initialFastReplyState,
  reducers: {
    /** Selects a template by id; null clears the selection (e.g. create mode). */
    fastReplySelected(state, action: PayloadAction<number | null>) {
      select(state, state.data.find((item) => item.id === action.payload) ?? null);
    },
    /** The search of the page: by name, content or folder. */
    fastRepliesSearched(state, action: PayloadAction<string>) {
      state.filteredFastReplies = filterFastReplies(state.data, action.payload);
    },
    /** docs/product/states.md: folders can be added (no duplicates) or removed. */
    folderAdded(state, action: PayloadAction<string>) {
      const name = action.payload.trim();
      if (name && !state.folders.some((f) => f.toLowerCase() === name.toLowerCase())) {
        state.folders.push(name);
      }
    },
    folderRemoved(state, action: PayloadAction<string>) {
      state.folders = state.folders.filter((folder) => folder !== action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchFastReplies.pending, (state) => {
        state.loading = true;
      })
      // docs/product/states.md: fetch replaces the list and selects the first, or clears it in create mode.
      .addCase(fetchFastReplies.fulfilled, (state, action) => {
        state.loading = false;
        state.error = null;
        state.data = action.payload.fast_replies;
        state.folders = [...new Set(action.payload.folders)];
        listChanged(state);
        select(state, action.meta.arg?.createMode ? null : (state.data[0] ?? null));
      })
      .addCase(fetchFastReplies.rejected, (state, action) => {
        state.loading = false;
        failed(state, action.payload);
      })
      .addCase(createFastReply.pending, (state) => {
        state.submitting = true;
      })
      // docs/product/states.md: create adds the item to the top of the list and selects it.
      .addCase(createFastReply.fulfilled, (state, action) => {
        state.submitting = false;
        state.error = null;
        state.data = [action.payload, ...state.data.filter((i) => i.id !== action.payload.id)];
        rememberFolder(state, action.payload.folder);
        listChanged(state);
        select(state, action.payload);
      })
      .addCase(createFastReply.rejected, (state, action) => {
        state.submitting = false;
        failed(state, action.payload);
      })
      .addCase(updateFastReply.pending, (state) => {
        state.submitting = true;
      })
      // docs/product/states.md: update moves the updated item to the top.
      .addCase(updateFastReply.fulfilled, (state, action) => {
        const updated = action.payload;
        state.submitting = false;
        state.error = null;
        state.data = [updated, ...state.data.filter((i) => i.id !== updated.id)];
        rememberFolder(state, updated.folder);
        listChanged(state);
        if (state.selectedFastReply?.id === updated.id) select(state, updated);
      })
      .addCase(updateFastReply.rejected, (state, action) => {
        state.submitting = false;
        failed(state, action.payload);
      })
      .addCase(deleteSelectedFastReply.pending, (state) => {
        state.submitting = true;
      })
      // docs/product/states.md: delete removes the selected item and selects the first remaining one.
      .addCase(deleteSelectedFastReply.fulfilled, (state, action) => {
        state.submitting = false;
        state.error = null;
        state.data = state.data.filter((i) => i.id !== action.payload.id);
        listChanged(state);
        select(state, state.data[0] ?? null);
      })
      .addCase(deleteSelectedFastReply.rejected, (state, action) => {
        state.submitting = false;
        failed(state, action.payload);
      })
      .addCase(deleteFastReplyFolder.fulfilled, (state, action) => {
        const name = action.meta.arg;
        state.folders = state.folders.filter((f) => f !== name);
        for (const folder of action.payload.folders) rememberFolder(state, folder);
        for (const item of state.data) if (item.folder === name) item.folder = null;
        if (state.selectedFastReply?.folder === name) state.selectedFastReply.folder = null;
        listChanged(state);
      })
      .addCase(deleteFastReplyFolder.rejected, (state, action) => {
        failed(state, action.payload);
      });
  },
});

export const { fastReplySelected, fastRepliesSearched, folderAdded, folderRemoved } =
  fastReplySlice.actions;
