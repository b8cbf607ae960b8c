import { describe, expect, it } from 'vitest';
import { getDeviceMode } from './device';
import { nextHeaderScrollState } from './autoHideHeader';

describe('device mode', () => {
  it('uses the 576 / 1200 px breakpoints', () => {
    expect(getDeviceMode(375)).toBe('mobile');
    expect(getDeviceMode(576)).toBe('mobile');
    expect(getDeviceMode(577)).toBe('tablet');
    expect(getDeviceMode(1199)).toBe('tablet');
    expect(getDeviceMode(1200)).toBe('desktop');
  });
});

describe('auto-hide header', () => {
  it('hides after 300 px scrolling down and shows when scrolling up', () => {
    let state = { lastY: 0, isVisible: true };
    state = nextHeaderScrollState(state, 200);
    expect(state.isVisible).toBe(true);
    state = nextHeaderScrollState(state, 301);
    expect(state.isVisible).toBe(false);
    state = nextHeaderScrollState(state, 900);
    expect(state.isVisible).toBe(false);
    state = nextHeaderScrollState(state, 880);
    expect(state.isVisible).toBe(true);
    state = nextHeaderScrollState(state, 120);
    expect(state.isVisible).toBe(true);
  });
});
