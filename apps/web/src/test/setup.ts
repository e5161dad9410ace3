// oxlint-disable-next-line import/no-unassigned-import -- registers jest-dom's matchers
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetRequestConfiguration } from '../lib/request';
import { registerToastApi } from '../lib/toast';

// Lazy routes import antd on first use, which takes a while in a cold test worker.
configure({ asyncUtilTimeout: 15_000 });

// antd's responsive helpers (Grid, Layout.Sider breakpoints) ask for matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd's Avatar, Menu overflow and Select measure themselves; jsdom has no layout to observe.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// The help widget's demo-and-chat callout (docs/product/states.md) pops up 5 s after load in every shell; tests
// that are about it remove this key, the others keep their screens as they set them up.
beforeEach(() => {
  localStorage.setItem('showDemoAndChatCallout', 'false');
});

afterEach(() => {
  cleanup();
  registerToastApi(null);
  resetRequestConfiguration();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.clear();
  sessionStorage.clear();
});
