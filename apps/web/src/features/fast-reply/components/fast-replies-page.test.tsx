import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { makeStore } from '../../../app/store';
import { fakeApi, json, type Reply, type RecordedCall } from '../../../test/fake-api';
import { signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import {
  attachment,
  FAST_REPLY_LIST,
  GREETING,
  REFUND,
  SERVER_ERROR_BODY,
  template,
  VARIABLES,
} from '../test/fast-reply-fixtures';
import { FastRepliesPage } from './fast-replies-page';

function renderFastReplies(routes: Record<string, Reply> = {}) {
  signInCookies();
  const api = fakeApi({
    'GET /dashboardapi/fastreply/all': json(200, FAST_REPLY_LIST),
    'GET /dashboardapi/fastreply/variables/all': json(200, VARIABLES),
    ...routes,
  });
  const { store } = makeStore({ persist: false });
  // Checking pointer-events reads computed styles up the tree: slow in jsdom under antd's styles.
  const user = userEvent.setup({
    delay: null,
    pointerEventsCheck: PointerEventsCheckLevel.Never,
  });
  renderPage(<FastRepliesPage />, { at: '/settings/fastreplies', store });
  return { api, store, user };
}

const templateList = () => screen.findByRole('navigation', { name: 'Templates' });
const listedNames = () =>
  within(screen.getByRole('navigation', { name: 'Templates' }))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

// jsdom + antd are slow on small machines; these are whole flows.
describe(
  'fast replies page (docs/product/data.md, docs/product/states.md, docs/product/api.md, docs/product/errors.md)',
  { timeout: 120_000 },
  () => {
    it('lists the templates, selects the first and shows it in the editor', async () => {
      const { store } = renderFastReplies();
      await templateList();
      expect(listedNames()).toEqual([
        'Refund issuedBilling',
        'Where is my orderOrders',
        'Greeting',
      ]);
      expect(await screen.findByLabelText('Name')).toHaveValue('Refund issued');
      expect(screen.getByLabelText('Template')).toHaveValue(REFUND.template_content);
      expect(store.getState().fastReply.selectedKeys).toEqual(['fastreply_1']);
      expect(screen.getByRole('menuitem', { name: /Refund issued/ })).toHaveClass(
        'ant-menu-item-selected',
      );
      const folders = screen.getByRole('list', { name: 'Folder list' });
      expect(
        within(folders)
          .getAllByRole('listitem')
          .map((f) => f.textContent),
      ).toEqual(['Billing×', 'Orders×']);
    });

    it('creates a template with a variable: added at the top, selected, "Template Created."', async () => {
      const created = template(9, {
        name: 'Apology',
        template_content: 'Sorry {{customer_first_name}}',
        folder: 'Billing',
      });
      const { api, store, user } = renderFastReplies({
        'POST /dashboardapi/fastreply': json(201, created),
      });
      await templateList();
      await user.click(screen.getByRole('button', { name: /New template/ }));
      expect(store.getState().fastReply.selectedKeys).toEqual([]);
      await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
      // Pasting keeps the flow quick: each keystroke re-measures the auto-sized text area.
      await user.click(screen.getByLabelText('Name'));
      await user.paste('Apology');
      await user.click(screen.getByLabelText('Template'));
      await user.paste('Sorry ');
      await user.click(await screen.findByRole('button', { name: 'Customer first name' }));
      await waitFor(() =>
        expect(screen.getByLabelText('Template')).toHaveValue('Sorry {{customer_first_name}}'),
      );
      await user.click(screen.getByRole('combobox', { name: 'Folder' }));
      await user.click(await screen.findByTitle('Billing'));
      await user.click(screen.getByRole('button', { name: 'Create template' }));

      expect(await screen.findByText('Template Created.')).toBeInTheDocument();
      expect(api.callsTo('POST /dashboardapi/fastreply')[0]?.body).toEqual({
        name: 'Apology',
        template_content: 'Sorry {{customer_first_name}}',
        folder: 'Billing',
        attachment_ids: [],
        folders: ['Billing', 'Orders'],
      });
      expect(listedNames()[0]).toBe('ApologyBilling');
      expect(store.getState().fastReply.selectedKeys).toEqual(['fastreply_9']);
      expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    });

    it('updates the selected template (moves it to the top) with an uploaded file: "Template Updated."', async () => {
      const uploaded = attachment({ file_name: 'size-chart.png', content_type: 'image/png' });
      const { api, user } = renderFastReplies({
        'POST /attachment/': json(201, uploaded),
        'PATCH /dashboardapi/fastreply': (call: RecordedCall) =>
          json(200, {
            ...GREETING,
            name: (call.body as { name: string }).name,
            attachments: [uploaded],
            updated_at: '2026-06-01T00:00:00.000Z',
          }),
      });
      await templateList();
      await user.click(screen.getByRole('menuitem', { name: /Greeting/ }));
      await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Greeting'));

      await user.clear(screen.getByLabelText('Name'));
      await user.type(screen.getByLabelText('Name'), 'Warm greeting');
      await user.upload(
        screen.getByLabelText('Attach files'),
        new File(['png'], 'size-chart.png', { type: 'image/png' }),
      );
      const files = await screen.findByRole('list', { name: 'Attachments' });
      await waitFor(() =>
        expect(within(files).getByRole('listitem')).toHaveAttribute('data-status', 'done'),
      );
      await user.click(screen.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Template Updated.')).toBeInTheDocument();
      const [patch] = api.callsTo('PATCH /dashboardapi/fastreply');
      expect(patch?.url).toContain('id=3');
      expect(patch?.body).toMatchObject({ name: 'Warm greeting', attachment_ids: [uploaded.id] });
      const [upload] = api.callsTo('POST /attachment/');
      const form = upload?.body as FormData;
      expect(form.get('file_name')).toBe('size-chart.png');
      expect(form.get('content_type')).toBe('image/png');
      expect(form.get('size')).toBe('3');
      expect(form.get('is_embedded')).toBe('false');
      await waitFor(() => expect(listedNames()[0]).toBe('Warm greeting'));
    });

    it('deletes the selected template and selects the first remaining: "Template Deleted."', async () => {
      const { api, store, user } = renderFastReplies({
        'DELETE /dashboardapi/fastreply': json(200, { id: 1 }),
      });
      await templateList();
      await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Refund issued'));
      await user.click(screen.getByRole('button', { name: /Delete/ }));
      await user.click(await screen.findByRole('button', { name: 'Delete template' }));

      expect(await screen.findByText('Template Deleted.')).toBeInTheDocument();
      expect(api.callsTo('DELETE /dashboardapi/fastreply')[0]?.body).toEqual({ id: 1 });
      expect(store.getState().fastReply.selectedKeys).toEqual(['fastreply_2']);
      await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Where is my order'));
      expect(listedNames()).toHaveLength(2);
    });

    it('shows "An Error Ocurred on the Server" when saving or deleting fails, and keeps the error in state', async () => {
      const { store, user } = renderFastReplies({
        'PATCH /dashboardapi/fastreply': json(500, SERVER_ERROR_BODY),
        'DELETE /dashboardapi/fastreply': json(404, {
          code: 'not_found',
          message: 'That template was not found.',
        }),
      });
      await templateList();
      await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Refund issued'));
      await user.type(screen.getByLabelText('Name'), '!');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('An Error Ocurred on the Server')).toBeInTheDocument();
      expect(store.getState().fastReply.error).toMatchObject({
        status: 500,
        code: 'internal_error',
      });
      expect(listedNames()[0]).toBe('Refund issuedBilling');

      await user.click(screen.getByRole('button', { name: /Delete/ }));
      await user.click(await screen.findByRole('button', { name: 'Delete template' }));
      expect(await screen.findByText('That template was not found.')).toBeInTheDocument();
      expect(store.getState().fastReply.error).toMatchObject({ status: 404, code: 'not_found' });
      expect(listedNames()).toHaveLength(3);
    });

    it('says so when the list cannot be loaded, and loads it on "Try again"', async () => {
      let fail = true;
      const { store, user } = renderFastReplies({
        'GET /dashboardapi/fastreply/all': () =>
          fail ? json(500, SERVER_ERROR_BODY) : json(200, FAST_REPLY_LIST),
      });
      expect(await screen.findByText('The templates could not be loaded.')).toBeInTheDocument();
      expect(store.getState().fastReply.error).toMatchObject({ status: 500 });
      fail = false;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      await templateList();
      expect(screen.queryByText('The templates could not be loaded.')).toBeNull();
      expect(store.getState().fastReply.error).toBeNull();
    });

    it('searches by name, text and folder', async () => {
      const { user } = renderFastReplies();
      await templateList();
      const search = screen.getByRole('searchbox', { name: 'Search templates' });
      await user.type(search, 'parcel');
      await waitFor(() => expect(listedNames()).toEqual(['Where is my orderOrders']));
      await user.clear(search);
      await user.type(search, 'billing');
      await waitFor(() => expect(listedNames()).toEqual(['Refund issuedBilling']));
      await user.clear(search);
      await user.type(search, 'zzz');
      expect(await screen.findByText('No template matches.')).toBeInTheDocument();
    });

    it('adds folders without duplicates and removes them', async () => {
      const { api, store, user } = renderFastReplies({
        'DELETE /dashboardapi/fastreply/folder': json(200, { folders: ['Billing', 'Returns'] }),
      });
      await templateList();
      await user.type(screen.getByLabelText('New folder name'), 'Returns{Enter}');
      expect(store.getState().fastReply.folders).toEqual(['Billing', 'Orders', 'Returns']);
      await user.type(screen.getByLabelText('New folder name'), 'orders');
      await user.click(screen.getByRole('button', { name: 'Add folder' }));
      expect(await screen.findByText('There is already a folder called "orders".')).toBeVisible();
      expect(store.getState().fastReply.folders).toHaveLength(3);

      await user.click(screen.getByLabelText('Remove folder Orders'));
      await waitFor(() =>
        expect(store.getState().fastReply.folders).toEqual(['Billing', 'Returns']),
      );
      expect(api.callsTo('DELETE /dashboardapi/fastreply/folder')[0]?.url).toContain('name=Orders');
    });

    it('copies the template text: "Copied to Clipboard"', async () => {
      const { user } = renderFastReplies();
      await templateList();
      await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Refund issued'));
      await user.click(screen.getByRole('button', { name: /Copy/ }));
      expect(await screen.findByText('Copied to Clipboard')).toBeInTheDocument();
      expect(await navigator.clipboard.readText()).toBe(REFUND.template_content);
    });
  },
);
