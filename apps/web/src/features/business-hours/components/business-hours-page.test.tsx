import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { BusinessHoursSettings } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall, type Reply } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { BusinessHoursPage, businessHoursSavedMessage } from './business-hours-page';

const PATH = 'PUT /dashboardapi/business-hours';
const SAVED: BusinessHoursSettings = {
  business_hours: {
    time_zone: 'Europe/Paris',
    days: [
      { day: 1, open: '09:00', close: '17:00' },
      { day: 2, open: '09:00', close: '17:00' },
    ],
    holidays: ['2026-12-25'],
  },
};

/** A server that keeps what is PUT. */
function server(initial: BusinessHoursSettings = SAVED): Record<string, Reply> {
  let current = initial;
  return {
    'GET /dashboardapi/business-hours': () => json(200, current),
    [PATH]: (call: RecordedCall) => {
      current = call.body as BusinessHoursSettings;
      return json(200, current);
    },
  };
}

function renderHours(routes: Record<string, Reply>, permission: 'owner' | 'agent' = 'owner') {
  signInCookies();
  const api = fakeApi(routes);
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: permission }));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<BusinessHoursPage />, { at: '/settings/business-hours', store });
  return { api, user };
}

const hoursForm = () => within(screen.getByRole('form', { name: 'Business hours' }));

describe('Settings → Business hours', { timeout: 120_000 }, () => {
  it('shows the saved hours and holidays, and saves a day, a holiday added and one removed', async () => {
    const { api, user } = renderHours(server());
    const form = await waitFor(hoursForm);
    expect(form.getByRole('radio', { name: 'Open at set hours' })).toBeChecked();
    expect(form.getByRole('switch', { name: 'Open on Monday' })).toBeChecked();
    expect(form.getByRole('switch', { name: 'Open on Sunday' })).not.toBeChecked();
    const holidays = within(form.getByRole('list', { name: 'Holidays' }));
    expect(holidays.getByText('Fri, Dec 25, 2026')).toBeInTheDocument();

    await user.click(form.getByRole('switch', { name: 'Open on Saturday' }));
    fireEvent.change(await form.findByLabelText('Saturday closes at'), {
      target: { value: '13:00' },
    });
    fireEvent.change(form.getByLabelText('Holiday date'), { target: { value: '2027-01-01' } });
    await user.click(form.getByRole('button', { name: /Add holiday/ }));
    expect(await form.findByText('Fri, Jan 1, 2027')).toBeInTheDocument();
    fireEvent.change(form.getByLabelText('Holiday date'), { target: { value: '2026-12-24' } });
    await user.click(form.getByRole('button', { name: /Add holiday/ }));
    await user.click(
      await form.findByRole('button', { name: 'Remove the holiday Fri, Dec 25, 2026' }),
    );
    await user.click(form.getByRole('button', { name: 'Save business hours' }));

    expect(await screen.findByText(businessHoursSavedMessage())).toBeInTheDocument();
    expect(api.callsTo(PATH)[0]!.body).toEqual({
      business_hours: {
        time_zone: 'Europe/Paris',
        days: [
          { day: 1, open: '09:00', close: '17:00' },
          { day: 2, open: '09:00', close: '17:00' },
          { day: 6, open: '09:00', close: '13:00' },
        ],
        holidays: ['2026-12-24', '2027-01-01'],
      },
    });
  });

  it('says a day already listed is one, without adding it twice', async () => {
    const { user } = renderHours(server());
    const form = await waitFor(hoursForm);
    fireEvent.change(form.getByLabelText('Holiday date'), { target: { value: '2026-12-25' } });
    await user.click(form.getByRole('button', { name: /Add holiday/ }));
    expect(await form.findByText('That day is already a holiday.')).toBeInTheDocument();
    expect(
      within(form.getByRole('list', { name: 'Holidays' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('saves “Always open” as round the clock: no hours, no holidays', async () => {
    const { api, user } = renderHours(server());
    const form = await waitFor(hoursForm);
    await user.click(form.getByRole('radio', { name: 'Always open' }));
    expect(form.queryByRole('list', { name: 'Holidays' })).toBeNull();
    await user.click(form.getByRole('button', { name: 'Save business hours' }));
    await waitFor(() => expect(api.callsTo(PATH)).toHaveLength(1));
    expect(api.callsTo(PATH)[0]!.body).toEqual({ business_hours: null });
  });

  it('refuses set hours with no open day, and shows what the server refuses at its field', async () => {
    const { api, user } = renderHours({
      'GET /dashboardapi/business-hours': json(200, SAVED),
      [PATH]: json(400, {
        code: 'validation_error',
        message: 'Check the highlighted fields.',
        details: [
          { path: 'business_hours.holidays.0', message: 'Give each holiday as YYYY-MM-DD.' },
          { path: 'business_hours.time_zone', message: 'That time zone is not known.' },
        ],
      }),
    });
    const form = await waitFor(hoursForm);
    await user.click(form.getByRole('switch', { name: 'Open on Monday' }));
    await user.click(form.getByRole('switch', { name: 'Open on Tuesday' }));
    await user.click(form.getByRole('button', { name: 'Save business hours' }));
    expect(
      await screen.findByText('Open on at least one day, or choose “Always open”.'),
    ).toBeInTheDocument();
    expect(api.callsTo(PATH)).toHaveLength(0);

    await user.click(form.getByRole('switch', { name: 'Open on Monday' }));
    await user.click(form.getByRole('button', { name: 'Save business hours' }));
    expect(await form.findByText('Give each holiday as YYYY-MM-DD.')).toBeInTheDocument();
    expect(form.getByText('That time zone is not known.')).toBeInTheDocument();
  });

  it('shows an agent the hours without a way to change them', async () => {
    renderHours(server(), 'agent');
    const form = await waitFor(hoursForm);
    expect(screen.getByText('Only owners and admins can change the business hours.')).toBeVisible();
    expect(form.getByRole('switch', { name: 'Open on Monday' })).toBeDisabled();
    expect(form.getByText('Fri, Dec 25, 2026')).toBeInTheDocument();
    expect(form.queryByRole('button', { name: /Add holiday/ })).toBeNull();
    expect(form.queryByRole('button', { name: 'Save business hours' })).toBeNull();
  });
});
