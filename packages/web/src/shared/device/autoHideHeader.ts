import { useEffect, useRef, useState } from 'react';

/** Spec §4/§9: the header hides once scrolled beyond 300 px going down, and shows on scrolling up. */
export const AUTO_HIDE_HEADER_OFFSET = 300;

export type HeaderScrollState = { lastY: number; isVisible: boolean };

export const nextHeaderScrollState = (state: HeaderScrollState, y: number): HeaderScrollState => {
  let isVisible = state.isVisible;
  if (y < state.lastY) isVisible = true;
  else if (y > AUTO_HIDE_HEADER_OFFSET) isVisible = false;
  else isVisible = true;
  return { lastY: y, isVisible };
};

/** Whether the header shows; always true when auto-hide is off. */
export const useAutoHideHeader = (isEnabled: boolean): boolean => {
  const [isVisible, setVisible] = useState(true);
  const state = useRef<HeaderScrollState>({ lastY: 0, isVisible: true });
  useEffect(() => {
    if (!isEnabled) {
      state.current = { lastY: window.scrollY, isVisible: true };
      setVisible(true);
      return undefined;
    }
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        state.current = nextHeaderScrollState(state.current, window.scrollY);
        setVisible(state.current.isVisible);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [isEnabled]);
  return isEnabled ? isVisible : true;
};
