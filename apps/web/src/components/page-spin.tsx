import { Spin } from 'antd';

/** Centered spinner for a page (or the whole screen) that is still loading. */
export function PageSpin({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullScreen ? '100vh' : 240,
      }}
    >
      <Spin size="large" />
    </div>
  );
}
