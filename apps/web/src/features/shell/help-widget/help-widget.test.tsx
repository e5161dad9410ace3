import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CALLBACK_MESSAGES, CALLBACK_REASONS, CALLBACK_TIME_SLOTS } from '@parley/contracts';
import { json, type Reply } from '../../../test/fake-api';
import { meLoaded, meWith, renderShell } from '../testing/render-shell';
import { SUPPORT_EMAIL } from '../shell-config';
import {
  CALLBACK_FIELD_LABELS,
  contactNumberPlaceholder,
  submitCallbackText,
} from './callback-form';
import { invalidEmailText, invalidPhoneText } from './callback-rules';
import { helpMenu } from './help-widget';
import { noHelpCenterReason } from './use-help-center-link';
import { BRANDS_PATH } from './workspace-store';

const CALLBACK_ROUTE = 'POST /dashboardapi/widget/form/';
const BRANDS_ROUTE = `GET ${BRANDS_PATH}`;
const OPERATOR_CENTER_ROUTE = 'GET /dashboardapi/public/help-center/helpcenter';
/** The signed-in user's workspace (test/fixtures ME, account 7). */
const OWN_CENTER_ROUTE = 'GET /dashboardapi/public/help-center/7';
const publishedCenter = (accountId: number, name: string) =>
  json(200, { help_center: { account_id: accountId, name }, categories: [], articles: [] });
const notFound = json(404, { code: 'not_found', message: 'That help center was not found.' });

const helpButton = () => screen.queryByTestId('help-float-button');
const panel = () => screen.queryByTestId('help-widget-panel');
const location = () => screen.getByTestId('location');

/** fireEvent, not userEvent, for typing and most clicks: jsdom is slow on a busy machine. */
const click = (element: Element) => fireEvent.click(element);
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function openMenu() {
  const button = await screen.findByTestId('help-float-button');
  click(button);
  return within(await screen.findByTestId('help-widget-panel'));
}

async function openCallbackForm() {
  const menu = await openMenu();
  click(menu.getByRole('button', { name: helpMenu().requestCallback }));
  return within(await screen.findByRole('form', { name: helpMenu().requestCallback }));
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === option && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  click(item);
}

const submit = () => click(screen.getByRole('button', { name: submitCallbackText() }));

/** The form's messages under a field (antd puts them in the field's explain list). */
const errorsOf = (label: string) => {
  const item = screen.getByLabelText(label).closest('.ant-form-item')!;
  return [...item.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
};

async function fillValidForm() {
  type(CALLBACK_FIELD_LABELS.customer_name, '  Erin Example ');
  type(CALLBACK_FIELD_LABELS.contact_number, '+91 (987) 654-3210');
  type(CALLBACK_FIELD_LABELS.email_address, ' erin@example.com ');
  await choose(CALLBACK_FIELD_LABELS.best_time_to_call, `${CALLBACK_TIME_SLOTS[1]} IST`);
  await choose(CALLBACK_FIELD_LABELS.query_type, CALLBACK_REASONS[2]);
}

describe('help widget: appearance (docs/product/screens.md)', { timeout: 90_000 }, () => {
  it.each([
    ['/inboxes', true],
    ['/inboxes/all/open/12/34/56?search=id:56', true],
    ['/settings/tags', true],
    ['/settings/widgets', true],
    ['/setup', true],
    ['/reporting', false],
    ['/', false],
    ['/help-center/helpcenter', false],
    ['/settings/widgets/shopify/edit/', false],
    ['/settings/widgets/shopify/edit/9', false],
  ])('the help button on %s shows: %s', async (at, shown) => {
    renderShell({ at });
    await meLoaded();
    expect(helpButton() !== null).toBe(shown);
  });

  it('stacks with the feedback button: help at the bottom, feedback above it', async () => {
    renderShell({
      at: '/inboxes',
      me: meWith({
        nps_collection: {
          milestone_id: 5,
          milestone_completed: false,
          show_nps_milestone: false,
          show_milestone_float_button: true,
        },
      }),
    });
    const feedback = await screen.findByTestId('feedback-float-button');
    const help = helpButton()!;
    expect(help).toHaveAccessibleName('Help');
    const bottomOf = (el: HTMLElement) => Number.parseInt(el.style.bottom, 10);
    expect(bottomOf(feedback)).toBeGreaterThanOrEqual(bottomOf(help) + 56);
  });
});

describe('help widget: menu entries (docs/product/screens.md)', { timeout: 90_000 }, () => {
  it('the button toggles a menu with exactly the four entries; Escape closes it', async () => {
    renderShell({
      at: '/inboxes',
      routes: { [OPERATOR_CENTER_ROUTE]: publishedCenter(1, 'Parley') },
    });
    const button = await screen.findByTestId('help-float-button');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const menu = await openMenu();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog', { name: 'How can we help?' })).toBe(panel());
    const entries = within(menu.getByRole('navigation', { name: 'Help menu' })).getAllByRole(
      'listitem',
    );
    expect(entries.map((entry) => entry.textContent)).toEqual([
      `${helpMenu().supportEmail}${SUPPORT_EMAIL}`,
      helpMenu().helpCenter,
      helpMenu().onboardingVideos,
      helpMenu().requestCallback,
    ]);

    click(button);
    expect(panel()).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await openMenu();
    fireEvent.keyDown(panel()!, { key: 'Escape' });
    expect(panel()).toBeNull();
  });

  it('support email opens the support email modal', async () => {
    renderShell({ at: '/settings/tags' });
    const menu = await openMenu();
    click(menu.getByRole('button', { name: new RegExp(helpMenu().supportEmail) }));
    const [heading] = await screen.findAllByText('Contact support', {
      selector: '.ant-modal-title',
    });
    const dialog = heading!.closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getAllByText(SUPPORT_EMAIL).length).toBeGreaterThan(0);
    expect(panel()).toBeNull();
  });

  it('Help Center goes to /help-center/helpcenter', async () => {
    renderShell({
      at: '/setup',
      routes: { [OPERATOR_CENTER_ROUTE]: publishedCenter(1, 'Parley') },
    });
    const menu = await openMenu();
    const link = menu.getByRole('link', { name: helpMenu().helpCenter });
    expect(link).toHaveAttribute('href', '/help-center/helpcenter');
    click(link);
    await waitFor(() => expect(location()).toHaveTextContent('/help-center/helpcenter'));
    // docs/product/screens.md: not a help widget path.
    expect(helpButton()).toBeNull();
  });

  it('Help Center without an operator help center (no OPERATOR_ACCOUNT_ID) opens the workspace’s own, asking without credentials', async () => {
    const { api } = renderShell({
      at: '/inboxes',
      routes: {
        [OPERATOR_CENTER_ROUTE]: notFound,
        [OWN_CENTER_ROUTE]: publishedCenter(7, 'Acme Support'),
      },
    });
    const menu = await openMenu();
    await waitFor(() =>
      expect(menu.getByRole('link', { name: helpMenu().helpCenter })).toHaveAttribute(
        'href',
        '/help-center/7',
      ),
    );
    const probes = [...api.callsTo(OPERATOR_CENTER_ROUTE), ...api.callsTo(OWN_CENTER_ROUTE)];
    expect(probes).toHaveLength(2);
    for (const call of probes) {
      expect(call.headers['authorization']).toBeUndefined();
      expect(call.headers['x-dc-account-id']).toBeUndefined();
    }
    click(menu.getByRole('link', { name: helpMenu().helpCenter }));
    await waitFor(() => expect(location()).toHaveTextContent('/help-center/7'));
  });

  it('Help Center with no help center published anywhere leads nowhere and says why', async () => {
    renderShell({
      at: '/inboxes',
      routes: { [OPERATOR_CENTER_ROUTE]: notFound, [OWN_CENTER_ROUTE]: notFound },
    });
    const menu = await openMenu();
    expect(await menu.findByText(noHelpCenterReason())).toBeInTheDocument();
    expect(menu.queryByRole('link', { name: helpMenu().helpCenter })).toBeNull();
    expect(menu.getByText(helpMenu().helpCenter).closest('[aria-disabled="true"]')).not.toBeNull();
  });

  it('Watch Onboarding Videos goes to the videos of /setup, inside the app', async () => {
    renderShell({ at: '/inboxes' });
    const menu = await openMenu();
    const link = menu.getByRole('link', { name: helpMenu().onboardingVideos });
    expect(link).toHaveAttribute('href', '/setup#onboarding-videos');
    expect(link).not.toHaveAttribute('target');
    click(link);
    await waitFor(() => expect(location()).toHaveTextContent('/setup'));
  });

  it('Request Callback shows the form, prefilled with the user, and Back returns to the menu', async () => {
    renderShell({ at: '/inboxes' });
    const form = await openCallbackForm();
    expect(form.getByLabelText(CALLBACK_FIELD_LABELS.customer_name)).toHaveValue('Erin Example');
    expect(form.getByLabelText(CALLBACK_FIELD_LABELS.email_address)).toHaveValue(
      'erin@example.com',
    );
    for (const label of Object.values(CALLBACK_FIELD_LABELS)) {
      expect(form.getByLabelText(label)).toBeInTheDocument();
    }
    expect(form.getByLabelText('Attach files')).toBeInTheDocument();
    click(screen.getByRole('button', { name: 'Back to help menu' }));
    expect(await screen.findByRole('navigation', { name: 'Help menu' })).toBeInTheDocument();
  });
});

describe(
  'help widget: callback form validation (docs/product/validation.md)',
  { timeout: 90_000 },
  () => {
    it('each required field gives its documented message and nothing is sent', async () => {
      const { api } = renderShell({ at: '/inboxes', routes: { [CALLBACK_ROUTE]: json(201, {}) } });
      await openCallbackForm();
      type(CALLBACK_FIELD_LABELS.customer_name, '   ');
      type(CALLBACK_FIELD_LABELS.email_address, '');
      submit();

      // Name: required; message 'Please input your full name!'.
      await waitFor(() =>
        expect(errorsOf(CALLBACK_FIELD_LABELS.customer_name)).toEqual([CALLBACK_MESSAGES.name]),
      );
      expect(screen.getByText('Please input your full name!')).toBeInTheDocument();
      // Contact number: required; message 'Please input your contact number!'.
      expect(errorsOf(CALLBACK_FIELD_LABELS.contact_number)).toEqual([
        'Please input your contact number!',
      ]);
      // Email: required; message 'Please input your email address!'.
      expect(errorsOf(CALLBACK_FIELD_LABELS.email_address)).toEqual([
        'Please input your email address!',
      ]);
      // Best time to call: required; message 'Please select type of query!' (sic: docs/product/validation.md).
      expect(errorsOf(CALLBACK_FIELD_LABELS.best_time_to_call)).toEqual([
        'Please select type of query!',
      ]);
      // Reason: required; message 'Please select type of query!'.
      expect(errorsOf(CALLBACK_FIELD_LABELS.query_type)).toEqual(['Please select type of query!']);
      // Query: optional.
      expect(errorsOf(CALLBACK_FIELD_LABELS.message)).toEqual([]);
      expect(api.callsTo(CALLBACK_ROUTE)).toHaveLength(0);
    });

    it('Contact number: the placeholder asks for the country code; a non-number is refused', async () => {
      const { api } = renderShell({ at: '/inboxes', routes: { [CALLBACK_ROUTE]: json(201, {}) } });
      await openCallbackForm();
      expect(screen.getByLabelText(CALLBACK_FIELD_LABELS.contact_number)).toHaveAttribute(
        'placeholder',
        contactNumberPlaceholder(),
      );
      expect(contactNumberPlaceholder()).toMatch(/country code/);
      await fillValidForm();
      type(CALLBACK_FIELD_LABELS.contact_number, 'call me maybe');
      submit();
      await waitFor(() =>
        expect(errorsOf(CALLBACK_FIELD_LABELS.contact_number)).toEqual([invalidPhoneText()]),
      );
      type(CALLBACK_FIELD_LABELS.contact_number, '12-34');
      submit();
      await waitFor(() =>
        expect(errorsOf(CALLBACK_FIELD_LABELS.contact_number)).toEqual([invalidPhoneText()]),
      );
      expect(api.callsTo(CALLBACK_ROUTE)).toHaveLength(0);
    });

    it('Email: the standard pattern after trimming (helpers, docs/product/validation.md)', async () => {
      const { api } = renderShell({ at: '/inboxes', routes: { [CALLBACK_ROUTE]: json(201, {}) } });
      await openCallbackForm();
      await fillValidForm();
      type(CALLBACK_FIELD_LABELS.email_address, 'erin@example');
      submit();
      await waitFor(() =>
        expect(errorsOf(CALLBACK_FIELD_LABELS.email_address)).toEqual([invalidEmailText()]),
      );
      expect(api.callsTo(CALLBACK_ROUTE)).toHaveLength(0);
    });

    it('Attachments total at most 18MB: a larger total is refused with the documented message', async () => {
      const { api } = renderShell({
        at: '/inboxes',
        routes: { 'POST /attachment/': json(201, { id: 1 }) },
      });
      await openCallbackForm();
      const big = new File(['x'], 'huge.zip', { type: 'application/zip' });
      Object.defineProperty(big, 'size', { value: 18_000_001 });
      fireEvent.change(screen.getByLabelText('Attach files'), { target: { files: [big] } });
      expect(
        await screen.findByText(
          'Maximum attachment size limit of 18MB exceeded. Please remove some attachments.',
        ),
      ).toBeInTheDocument();
      expect(api.callsTo('POST /attachment/')).toHaveLength(0);
    });

    it('uploads still running: the form says so and does not submit', async () => {
      const { api } = renderShell({ at: '/inboxes', routes: { [CALLBACK_ROUTE]: json(201, {}) } });
      // The upload never answers (the fake server's fetch is wrapped for that one path).
      const answer = api.fetch.getMockImplementation()!;
      api.fetch.mockImplementation((input, init) =>
        String(input).includes('/attachment/')
          ? new Promise<Response>(() => {})
          : answer(input, init),
      );
      await openCallbackForm();
      await fillValidForm();
      fireEvent.change(screen.getByLabelText('Attach files'), {
        target: { files: [new File(['%PDF'], 'bill.pdf', { type: 'application/pdf' })] },
      });
      expect(await screen.findByText('Uploading…')).toBeInTheDocument();
      submit();
      expect(await screen.findByText('Some attachments are still uploading')).toBeInTheDocument();
      expect(api.callsTo(CALLBACK_ROUTE)).toHaveLength(0);
    });
  },
);

describe(
  'help widget: callback request (docs/product/data.md, docs/product/api.md, docs/product/errors.md)',
  { timeout: 90_000 },
  () => {
    it('posts the callback request, with the workspace’s store, to /dashboardapi/widget/form/ and shows the success message', async () => {
      const { api } = renderShell({
        at: '/settings/tags',
        routes: {
          // The first brand has no store domain: the workspace's store is the first that has one.
          [BRANDS_ROUTE]: json(200, [
            { id: 2, name: 'Main', myshopify_domain: null },
            { id: 3, name: 'Acme', myshopify_domain: 'acme.myshopify.com' },
          ]),
          [CALLBACK_ROUTE]: json(201, { id: 42, message: CALLBACK_MESSAGES.success }),
          'POST /attachment/': json(201, {
            id: 601,
            file_name: 'screenshot.png',
            size: 4,
            content_type: 'image/png',
            url: '/attachment/601',
            is_embedded: false,
          }),
        },
      });
      await openCallbackForm();
      await fillValidForm();
      type(CALLBACK_FIELD_LABELS.message, '  We want to move our number.  ');
      // Files wait for the brands, so that every upload names the store.
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /Attach files/ })).not.toBeDisabled(),
      );
      fireEvent.change(screen.getByLabelText('Attach files'), {
        target: { files: [new File(['\x89PNG'], 'screenshot.png', { type: 'image/png' })] },
      });
      const files = await screen.findByRole('list', { name: 'Attachments' });
      await waitFor(() =>
        expect(within(files).getByRole('listitem')).toHaveAttribute('data-status', 'done'),
      );
      submit();

      await waitFor(() => expect(api.callsTo(CALLBACK_ROUTE)).toHaveLength(1));
      const call = api.callsTo(CALLBACK_ROUTE)[0]!;
      expect(call.body).toEqual({
        customer_name: 'Erin Example',
        contact_number: '919876543210',
        email_address: 'erin@example.com',
        best_time_to_call: '12pm-3pm',
        query_type: 'Pricing',
        message: 'We want to move our number.',
        myshopify_domain: 'acme.myshopify.com',
        attachments: [601],
        submission_url: window.location.href,
        is_created_from_dc_app: true,
      });
      expect(call.headers['x-dc-account-id']).toBe('7');
      // docs/product/api.md: POST /attachment/?myshopify_domain={shop}.
      const [upload] = api.callsTo('POST /attachment/');
      expect(new URL(upload!.url, 'http://x').searchParams.get('myshopify_domain')).toBe(
        'acme.myshopify.com',
      );
      expect(
        await screen.findByText(
          'Our team has received your request. We will call you back to you at the earliest.',
        ),
      ).toBeInTheDocument();
      await waitFor(() => expect(panel()).toBeNull());
    });

    it('a workspace without a store sends myshopify_domain null and uploads without the query', async () => {
      const { api } = renderShell({
        at: '/inboxes',
        routes: {
          [BRANDS_ROUTE]: json(200, [{ id: 2, name: 'Main', myshopify_domain: null }]),
          [CALLBACK_ROUTE]: json(201, { id: 44, message: CALLBACK_MESSAGES.success }),
          'POST /attachment/': json(201, {
            id: 602,
            file_name: 'a.png',
            size: 4,
            content_type: 'image/png',
            url: '/attachment/602',
            is_embedded: false,
          }),
        },
      });
      await openCallbackForm();
      await fillValidForm();
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /Attach files/ })).not.toBeDisabled(),
      );
      fireEvent.change(screen.getByLabelText('Attach files'), {
        target: { files: [new File(['\x89PNG'], 'a.png', { type: 'image/png' })] },
      });
      const files = await screen.findByRole('list', { name: 'Attachments' });
      await waitFor(() =>
        expect(within(files).getByRole('listitem')).toHaveAttribute('data-status', 'done'),
      );
      submit();
      await waitFor(() => expect(api.callsTo(CALLBACK_ROUTE)).toHaveLength(1));
      expect(api.callsTo(CALLBACK_ROUTE)[0]!.body).toMatchObject({
        myshopify_domain: null,
        attachments: [602],
      });
      const [upload] = api.callsTo('POST /attachment/');
      expect(new URL(upload!.url, 'http://x').searchParams.has('myshopify_domain')).toBe(false);
    });

    it('Query: optional — the form is sent without one (message null)', async () => {
      const { api } = renderShell({
        at: '/inboxes',
        routes: { [CALLBACK_ROUTE]: json(201, { id: 43, message: CALLBACK_MESSAGES.success }) },
      });
      await openCallbackForm();
      await fillValidForm();
      submit();
      await waitFor(() => expect(api.callsTo(CALLBACK_ROUTE)).toHaveLength(1));
      expect(api.callsTo(CALLBACK_ROUTE)[0]!.body).toMatchObject({
        message: null,
        attachments: [],
      });
    });

    it.each<[string, Reply]>([
      ['a server error', json(500, { code: 'internal', message: 'Internal error' })],
      ['a refusal', json(400, { code: 'validation_failed', message: 'Invalid body' })],
    ])('%s shows the documented failure message and keeps the form', async (_, reply) => {
      const { api } = renderShell({ at: '/inboxes', routes: { [CALLBACK_ROUTE]: reply } });
      await openCallbackForm();
      await fillValidForm();
      submit();
      expect(
        await screen.findByText('Something went wrong, please try again!'),
      ).toBeInTheDocument();
      expect(api.callsTo(CALLBACK_ROUTE)).toHaveLength(1);
      expect(panel()).not.toBeNull();
      expect(screen.getByLabelText(CALLBACK_FIELD_LABELS.contact_number)).toHaveValue(
        '+91 (987) 654-3210',
      );
    });
  },
);
