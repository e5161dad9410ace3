import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { AppProviders } from '../app/providers';
import { AttachFilesButton } from './attachment-list';

function renderInForm(onFiles: (files: File[]) => void) {
  // Inside an antd Form, as in the callback form and the fast-reply editor: antd's Form styles
  // show every file input as a block, so `hidden` alone does not hide it there.
  return render(
    <AppProviders>
      <Form>
        <AttachFilesButton onFiles={onFiles} />
      </Form>
    </AppProviders>,
  );
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

afterEach(() => vi.restoreAllMocks());

describe('Attach files: the native file input is never shown, the button opens it', () => {
  it('keeps the native input out of sight without display: none, and out of the tab order', () => {
    renderInForm(() => {});
    const input = fileInput();
    expect(input).not.toHaveAttribute('hidden');
    expect(input.style.position).toBe('absolute');
    expect(input.style.width).toBe('1px');
    expect(input.style.height).toBe('1px');
    expect(input.style.overflow).toBe('hidden');
    expect(input.style.clipPath).toBe('inset(50%)');
    expect(input.tabIndex).toBe(-1);
    // One control for assistive technology: the button (the input stays labelled for tests).
    expect(input).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getAllByRole('button', { name: /Attach files/ })).toHaveLength(1);
    expect(screen.getByLabelText('Attach files')).toBe(input);
  });

  it('opens the chooser from the button, by click and by keyboard (Tab, then Enter or Space)', async () => {
    const opened = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    renderInForm(() => {});
    const button = screen.getByRole('button', { name: /Attach files/ });
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledTimes(1);

    const user = userEvent.setup();
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(2);
    await user.keyboard(' ');
    expect(opened).toHaveBeenCalledTimes(3);
  });

  it('hands the chosen files over and lets the same file be chosen again', () => {
    const onFiles = vi.fn<(files: File[]) => void>();
    renderInForm(onFiles);
    const file = new File(['%PDF'], 'bill.pdf', { type: 'application/pdf' });
    fireEvent.change(fileInput(), { target: { files: [file] } });
    expect(onFiles).toHaveBeenCalledWith([file]);
    expect(fileInput().value).toBe('');
  });
});
