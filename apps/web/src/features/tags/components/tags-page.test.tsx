import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { TagWithUsage } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall, type Reply } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { TagsPage } from './tags-page';

const REFUND: TagWithUsage = { id: 1, name: 'refund', color: '#1677ff', usage_count: 4 };
const REFND: TagWithUsage = { id: 2, name: 'refnd', color: '#fa8c16', usage_count: 2 };
const VIP: TagWithUsage = { id: 3, name: 'VIP', color: '#722ed1', usage_count: 0 };

/** A small stand-in for the server's tag rules, at the network boundary. */
function tagServer(initial: TagWithUsage[]) {
  let tags = [...initial];
  let nextId = 10;
  const taken = (name: string, except?: number) =>
    tags.some((t) => t.id !== except && t.name.toLowerCase() === name.toLowerCase());
  const conflictWith = (name: string) =>
    json(409, {
      code: 'conflict',
      message: `A tag named “${name}” already exists. Pick another name, or merge the two tags.`,
    });
  const idOf = (call: RecordedCall) => Number(call.path.split('/')[3]);
  const routes: Record<string, Reply> = {
    'GET /dashboardapi/tags': () => json(200, { tags }),
    'POST /dashboardapi/tags': (call) => {
      const body = call.body as { name: string; color: string };
      if (taken(body.name)) return conflictWith(body.name);
      const created = { id: nextId++, usage_count: 0, ...body };
      tags = [...tags, created];
      return json(201, created);
    },
  };
  const byId = (id: number): Record<string, Reply> => ({
    [`PATCH /dashboardapi/tags/${id}`]: (call) => {
      const body = call.body as { name?: string; color?: string };
      if (body.name && taken(body.name, id)) return conflictWith(body.name);
      tags = tags.map((t) => (t.id === idOf(call) ? { ...t, ...body } : t));
      return json(
        200,
        tags.find((t) => t.id === id),
      );
    },
    [`DELETE /dashboardapi/tags/${id}`]: () => {
      const gone = tags.find((t) => t.id === id)!;
      tags = tags.filter((t) => t.id !== id);
      return json(200, { ok: true, removed_from_conversations: gone.usage_count });
    },
    [`POST /dashboardapi/tags/${id}/merge`]: (call) => {
      const into = (call.body as { into_tag_id: number }).into_tag_id;
      const source = tags.find((t) => t.id === id)!;
      tags = tags
        .filter((t) => t.id !== id)
        .map((t) => (t.id === into ? { ...t, usage_count: t.usage_count + 1 } : t));
      return json(200, {
        tag: tags.find((t) => t.id === into),
        moved_conversations: source.usage_count,
      });
    },
  });
  for (const id of [1, 2, 3, 10]) Object.assign(routes, byId(id));
  return routes;
}

function renderTags(
  routes: Record<string, Reply>,
  permission: 'owner' | 'admin' | 'agent' = 'owner',
) {
  signInCookies();
  const api = fakeApi(routes);
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: permission }));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<TagsPage />, { at: '/settings/tags', store });
  return { api, user };
}

const rowOf = (name: string) => screen.getByText(name, { selector: 'span' }).closest('tr')!;
const shownNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell')[0]?.textContent);

async function confirmOf(title: string) {
  return (await screen.findByText(title)).closest<HTMLElement>('.ant-popover')!;
}

// jsdom + antd are slow on small machines; these are whole flows.
describe('tags settings page (/settings/tags)', { timeout: 120_000 }, () => {
  it('lists the tags with colour and usage count, and filters them by search', async () => {
    const { user } = renderTags(tagServer([REFUND, REFND, VIP]));
    expect(await screen.findByText('refund', { selector: 'span' })).toBeInTheDocument();
    expect(shownNames()).toEqual(['refund', 'refnd', 'VIP']);
    expect(within(rowOf('refund')).getByRole('img', { name: 'Colour #1677ff' })).toBeVisible();
    expect(within(rowOf('refund')).getByText('4')).toBeInTheDocument();
    expect(within(rowOf('VIP')).getByText('0')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search tags' }), 'REF');
    expect(shownNames()).toEqual(['refund', 'refnd']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search tags' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search tags' }), 'zzz');
    expect(screen.getByText('No tag matches “zzz”.')).toBeInTheDocument();
  });

  it('creates a tag with a picked colour; a name already taken shows under the field', async () => {
    const { api, user } = renderTags(tagServer([REFUND]));
    await screen.findByText('refund', { selector: 'span' });
    await user.click(screen.getByRole('button', { name: /New tag/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Refund');
    await user.click(within(dialog).getByRole('radio', { name: 'Colour #52c41a' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create tag' }));
    expect(
      await within(dialog).findByText(
        'A tag named “Refund” already exists. Pick another name, or merge the two tags.',
      ),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), '  Warranty ');
    await user.click(within(dialog).getByRole('button', { name: 'Create tag' }));
    expect(await screen.findByText('Tag created')).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/tags').map((c) => c.body)).toEqual([
      { name: 'Refund', color: '#52c41a' },
      { name: 'Warranty', color: '#52c41a' },
    ]);
    expect(await screen.findByText('Warranty', { selector: 'span' })).toBeInTheDocument();
    expect(within(rowOf('Warranty')).getByRole('img', { name: 'Colour #52c41a' })).toBeVisible();
  });

  it('refuses an empty name before calling the server', async () => {
    const { api, user } = renderTags(tagServer([]));
    expect(await screen.findByText(/No tags yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /New tag/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create tag' }));
    expect(await within(dialog).findByText('Give the tag a name.')).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/tags')).toHaveLength(0);
  });

  it('renames and recolours a tag', async () => {
    const { api, user } = renderTags(tagServer([REFUND, REFND]));
    await screen.findByText('refnd', { selector: 'span' });
    await user.click(within(rowOf('refnd')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “refnd”' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('refnd');
    expect(within(dialog).getByRole('radio', { name: 'Colour #fa8c16' })).toBeChecked();
    await user.clear(name);
    await user.type(name, 'Refund request');
    await user.click(within(dialog).getByRole('radio', { name: 'Colour #eb2f96' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Tag saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH /dashboardapi/tags/2')[0]?.body).toEqual({
      name: 'Refund request',
      color: '#eb2f96',
    });
    expect(await screen.findByText('Refund request', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByText('refnd', { selector: 'span' })).toBeNull();
  });

  it('merges a tag into another after saying how many conversations move', async () => {
    const { api, user } = renderTags(tagServer([REFUND, REFND, VIP]));
    await screen.findByText('refnd', { selector: 'span' });
    await user.click(within(rowOf('refnd')).getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Merge “refnd” into another tag',
    });
    expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: 'Merge into' }));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (el) => el.getAttribute('title') === 'refund',
      );
      if (!found) throw new Error('no refund option');
      return found;
    });
    // The tag being merged is not offered as its own target.
    expect(
      [...document.querySelectorAll('.ant-select-item-option')].map((el) =>
        el.getAttribute('title'),
      ),
    ).toEqual(['refund', 'VIP']);
    await user.click(option);
    expect(
      within(dialog).getByText(
        '2 conversations tagged “refnd” will be tagged “refund” instead, and “refnd” will be deleted.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect(await screen.findByText('Tags merged')).toBeInTheDocument();
    expect(screen.getByText('2 conversations moved from “refnd” to “refund”.')).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/tags/2/merge')[0]?.body).toEqual({ into_tag_id: 1 });
    await waitFor(() => expect(shownNames()).toEqual(['refund', 'VIP']));
    expect(within(rowOf('refund')).getByText('5')).toBeInTheDocument();
  });

  it('deletes a tag after a confirm that says how many conversations lose it', async () => {
    const { api, user } = renderTags(tagServer([REFUND, VIP]));
    await screen.findByText('refund', { selector: 'span' });
    await user.click(within(rowOf('refund')).getByRole('button', { name: 'Delete' }));
    const confirm = await confirmOf('Delete “refund”?');
    expect(
      within(confirm).getByText('4 conversations will lose this tag. This cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Tag deleted')).toBeInTheDocument();
    expect(screen.getByText('“refund” was removed from 4 conversations.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /dashboardapi/tags/1')).toHaveLength(1);
    await waitFor(() => expect(shownNames()).toEqual(['VIP']));
  });

  it('shows a failed delete in words and keeps the tag', async () => {
    const { user } = renderTags({
      ...tagServer([VIP]),
      'DELETE /dashboardapi/tags/3': json(404, {
        code: 'not_found',
        message: 'That tag was not found.',
      }),
    });
    await screen.findByText('VIP', { selector: 'span' });
    await user.click(within(rowOf('VIP')).getByRole('button', { name: 'Delete' }));
    const confirm = await confirmOf('Delete “VIP”?');
    expect(within(confirm).getByText('No conversation carries it.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The tag could not be deleted')).toBeInTheDocument();
    expect(screen.getByText('That tag was not found.')).toBeInTheDocument();
    expect(shownNames()).toEqual(['VIP']);
  });

  it('agents see the list read-only', async () => {
    renderTags(tagServer([REFUND, VIP]), 'agent');
    expect(await screen.findByText('refund', { selector: 'span' })).toBeInTheDocument();
    expect(
      screen.getByText('Only owners and admins can create, rename, merge or delete tags.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /New tag/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Merge' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says in words when the tags cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = renderTags({
      'GET /dashboardapi/tags': () =>
        fail
          ? json(500, {
              code: 'internal_error',
              message: 'Something went wrong on our side. Please try again.',
            })
          : json(200, { tags: [VIP] }),
    });
    expect(
      await screen.findByText('Something went wrong on our side. Please try again.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('VIP', { selector: 'span' })).toBeInTheDocument();
  });
});
