import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Button, Form, type FormInstance } from 'antd';
import { AppProviders } from '../app/providers';
import {
  applyApiErrorWithBusinessHours,
  BUSINESS_HOURS_MESSAGES,
  BusinessHoursEditor,
  businessHoursFromForm,
  businessHoursToForm,
  type BusinessHours,
  type BusinessHoursValues,
} from './business-hours-editor';

const MONDAY_NINE_TO_FIVE: BusinessHours = {
  time_zone: 'Europe/Paris',
  days: [{ day: 1, open: '09:00', close: '17:00' }],
};

/** The editor in a form of its own, as the account's, the widget's and the call channel's hold it. */
function renderEditor(
  saved: BusinessHours,
  onSave: (hours: BusinessHours, form: FormInstance) => void,
) {
  function Harness() {
    const [form] = Form.useForm();
    return (
      <Form<BusinessHoursValues>
        form={form}
        aria-label="Hours"
        initialValues={businessHoursToForm(saved)}
        onFinish={() =>
          onSave(businessHoursFromForm(form.getFieldsValue(true) as BusinessHoursValues), form)
        }
      >
        <BusinessHoursEditor />
        <Button htmlType="submit">Save</Button>
      </Form>
    );
  }
  render(
    <AppProviders>
      <Harness />
    </AppProviders>,
  );
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { user, monday: within(screen.getByRole('group', { name: 'Monday' })) };
}

const change = (input: HTMLElement, value: string) =>
  fireEvent.change(input, { target: { value } });

describe('business hours editor: a day takes two periods, the second after the first', () => {
  it('adds a second period to a day (a lunch break) and sends both; removing it sends one again', async () => {
    const onSave = vi.fn<(hours: BusinessHours) => void>();
    const { user, monday } = renderEditor(MONDAY_NINE_TO_FIVE, onSave);
    change(monday.getByLabelText('Monday closes at'), '12:30');
    await user.click(monday.getByRole('button', { name: 'Add a period on Monday' }));
    // Two at most: no third.
    expect(monday.queryByRole('button', { name: 'Add a period on Monday' })).toBeNull();
    change(await monday.findByLabelText('Monday, period 2, opens at'), '13:30');
    change(monday.getByLabelText('Monday, period 2, closes at'), '18:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      time_zone: 'Europe/Paris',
      days: [
        { day: 1, open: '09:00', close: '12:30' },
        { day: 1, open: '13:30', close: '18:00' },
      ],
    });

    await user.click(monday.getByRole('button', { name: 'Remove period 2 on Monday' }));
    expect(monday.queryByLabelText('Monday, period 2, opens at')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1]![0]).toEqual({
      time_zone: 'Europe/Paris',
      days: [{ day: 1, open: '09:00', close: '12:30' }],
    });
  });

  it('says in words, before saving, that the second period starts after the first ends and each closes after it opens', async () => {
    const onSave = vi.fn<(hours: BusinessHours) => void>();
    const { user, monday } = renderEditor(MONDAY_NINE_TO_FIVE, onSave);
    await user.click(monday.getByRole('button', { name: 'Add a period on Monday' }));
    // Left empty: a time is asked for.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await monday.findByText(BUSINESS_HOURS_MESSAGES.time)).toBeInTheDocument();
    expect(monday.getByText(BUSINESS_HOURS_MESSAGES.closing)).toBeInTheDocument();

    // Starting while the first is open, or the very minute it closes, is refused.
    change(monday.getByLabelText('Monday, period 2, opens at'), '16:00');
    change(monday.getByLabelText('Monday, period 2, closes at'), '15:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await monday.findByText(BUSINESS_HOURS_MESSAGES.startAfterPrevious('17:00')),
    ).toBeInTheDocument();
    expect(monday.getByText(BUSINESS_HOURS_MESSAGES.closeAfterOpen)).toBeInTheDocument();
    change(monday.getByLabelText('Monday, period 2, opens at'), '17:00');
    change(monday.getByLabelText('Monday, period 2, closes at'), '20:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await monday.findByText(BUSINESS_HOURS_MESSAGES.startAfterPrevious('17:00')),
    ).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    // Moving the first period's close earlier clears the second's error (it depends on it).
    change(monday.getByLabelText('Monday closes at'), '12:00');
    await waitFor(() =>
      expect(monday.queryByText(BUSINESS_HOURS_MESSAGES.startAfterPrevious('17:00'))).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      time_zone: 'Europe/Paris',
      days: [
        { day: 1, open: '09:00', close: '12:00' },
        { day: 1, open: '17:00', close: '20:00' },
      ],
    });
  });

  it('shows a day’s saved periods in order, and the server’s word on the second under it', async () => {
    const saved: BusinessHours = {
      time_zone: 'UTC',
      days: [
        { day: 2, open: '08:00', close: '10:00' },
        { day: 1, open: '14:00', close: '18:00' },
        { day: 1, open: '08:00', close: '12:00' },
      ],
    };
    const onSave = vi.fn<(hours: BusinessHours, form: FormInstance) => void>(
      (hours, form) =>
        void applyApiErrorWithBusinessHours(
          form,
          {
            status: 400,
            code: 'validation_error',
            message: 'Business hours must close after they open on the same day.',
            details: [{ path: 'chat.business_hours.days.1', message: 'Closes before it opens.' }],
          },
          [],
          {},
          'chat.business_hours',
          hours,
        ),
    );
    const { user, monday } = renderEditor(saved, onSave);
    expect(monday.getByLabelText('Monday opens at')).toHaveValue('08:00');
    expect(monday.getByLabelText('Monday, period 2, opens at')).toHaveValue('14:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    // Sent day by day, each day's periods in order: the 2nd sent is Monday's second.
    expect(onSave.mock.calls[0]![0]!.days).toEqual([
      { day: 1, open: '08:00', close: '12:00' },
      { day: 1, open: '14:00', close: '18:00' },
      { day: 2, open: '08:00', close: '10:00' },
    ]);
    const closesAt = monday.getByLabelText('Monday, period 2, closes at');
    const item = closesAt.closest('.ant-form-item')!;
    expect(await within(item as HTMLElement).findByText('Closes before it opens.')).toBeVisible();
  });
});
