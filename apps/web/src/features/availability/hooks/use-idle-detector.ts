import { useEffect, useRef } from 'react';
import { IDLE_AFTER_MS, LAST_INPUT_AT_KEY } from '@parley/contracts';

/** Input that shows a person is at the screen. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
/** Input is noticed at most this often (moving the mouse fires many events a second). */
const NOTICE_EVERY_MS = 1000;

/** When any tab of the app last saw input (0 when unknown). */
function sharedLastInput(): number {
  try {
    return Number(localStorage.getItem(LAST_INPUT_AT_KEY)) || 0;
  } catch {
    return 0;
  }
}

function shareLastInput(at: number) {
  try {
    localStorage.setItem(LAST_INPUT_AT_KEY, String(at));
  } catch {
    // Storage full or blocked: each tab then judges on its own.
  }
}

/**
 * Calls `onChange(true)` after `idleAfterMs` without input in this tab, and `onChange(false)` at the
 * first input after that. A tab going hidden does not count as input; coming back to it does.
 * Input in another tab of the app counts too (shared through localStorage).
 */
export function useIdleDetector(onChange: (idle: boolean) => void, idleAfterMs = IDLE_AFTER_MS) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    let idle = false;
    let lastNoticed = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (after = idleAfterMs) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const quietFor = Date.now() - Math.max(lastNoticed, sharedLastInput());
        if (quietFor < idleAfterMs) return arm(idleAfterMs - quietFor);
        idle = true;
        latest.current(true);
      }, after);
    };
    const onInput = () => {
      const now = Date.now();
      if (!idle && now - lastNoticed < NOTICE_EVERY_MS) return;
      lastNoticed = now;
      shareLastInput(now);
      if (idle) {
        idle = false;
        latest.current(false);
      }
      arm();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') onInput();
    };
    // Input in another tab: this one is not idle either.
    const onOtherTab = (e: StorageEvent) => {
      if (e.key !== LAST_INPUT_AT_KEY) return;
      if (idle) {
        idle = false;
        latest.current(false);
      }
      arm();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onInput, { passive: true });
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', onOtherTab);
    arm();
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onInput);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', onOtherTab);
    };
  }, [idleAfterMs]);
}
