import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { LOCAL_KEYS } from '@parley/contracts';
import { formatDate } from '../../../lib/format';
import { activateLocale } from '../../../lib/i18n';
import { GlobalDateRangePicker } from './global-date-range-picker';
import { GlobalDateRangeProvider } from './global-date-range-provider';

afterEach(async () => {
  localStorage.clear();
  // The language is the page's, not the picker's: back to English.
  await act(() => activateLocale('en'));
});

function renderPicker() {
  return render(
    <GlobalDateRangeProvider>
      <GlobalDateRangePicker />
    </GlobalDateRangeProvider>,
  );
}

const shownDays = () =>
  (screen.getAllByRole('textbox') as HTMLInputElement[]).map((input) => input.value);

describe('the global date range picker writes days as the active language does (lib/format)', () => {
  it('in English: Mar 5, 2026 → Apr 2, 2026', () => {
    localStorage.setItem(
      LOCAL_KEYS.globalDateRange,
      JSON.stringify({ start: '2026-03-05', end: '2026-04-02' }),
    );
    renderPicker();
    expect(shownDays()).toEqual(['Mar 5, 2026', 'Apr 2, 2026']);
  });

  it('in German, as German writes a day, never a fixed English pattern', async () => {
    await act(() => activateLocale('de'));
    localStorage.setItem(
      LOCAL_KEYS.globalDateRange,
      JSON.stringify({ start: '2026-03-05', end: '2026-04-02' }),
    );
    renderPicker();
    const days = shownDays();
    expect(days).toEqual([formatDate(new Date(2026, 2, 5)), formatDate(new Date(2026, 3, 2))]);
    expect(days).toEqual(['05.03.2026', '02.04.2026']);
  });
});
