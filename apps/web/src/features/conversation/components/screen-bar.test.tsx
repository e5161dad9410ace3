import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { BackButton } from './screen-bar';

describe('the back step of a stacked screen', () => {
  it('points to where a line starts: left, and right in a right-to-left language', () => {
    const { unmount } = render(<BackButton label="Back" onClick={() => {}} />);
    expect(
      screen.getByRole('button', { name: 'Back' }).querySelector('.anticon-arrow-left'),
    ).not.toBeNull();
    unmount();
    render(
      <ConfigProvider direction="rtl">
        <BackButton label="Back" onClick={() => {}} />
      </ConfigProvider>,
    );
    expect(
      screen.getByRole('button', { name: 'Back' }).querySelector('.anticon-arrow-right'),
    ).not.toBeNull();
  });
});
