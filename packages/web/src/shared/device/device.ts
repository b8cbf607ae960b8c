import { useEffect, useState } from 'react';

/** Spec §4/§9: up to 576 px mobile; 576–1199 tablet; 1200 and up desktop. */
export type DeviceMode = 'mobile' | 'tablet' | 'desktop';

export const MOBILE_MAX_WIDTH = 576;
export const DESKTOP_MIN_WIDTH = 1200;

export const getDeviceMode = (width: number): DeviceMode => {
  if (width <= MOBILE_MAX_WIDTH) return 'mobile';
  if (width < DESKTOP_MIN_WIDTH) return 'tablet';
  return 'desktop';
};

const currentMode = (): DeviceMode =>
  getDeviceMode(typeof window === 'undefined' ? DESKTOP_MIN_WIDTH : window.innerWidth);

export const useDeviceMode = (): DeviceMode => {
  const [mode, setMode] = useState<DeviceMode>(currentMode);
  useEffect(() => {
    const onResize = () => setMode(currentMode());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return mode;
};
