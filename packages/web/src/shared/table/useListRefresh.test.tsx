import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { REFRESH_GAP_MS, useListRefresh, type Reloadable } from './useListRefresh';

let navigate: ReturnType<typeof useNavigate> = () => undefined;
let polling: number | undefined;

const List = ({
  reload,
  pollMs,
  onRefresh,
}: {
  reload: () => void;
  pollMs?: number;
  onRefresh?: () => void;
}) => {
  const actionRef = useRef<Reloadable | undefined>({ reload });
  navigate = useNavigate();
  polling = useListRefresh(actionRef, { pollMs, onRefresh }).polling;
  return null;
};

const mount = (props: { reload: () => void; pollMs?: number; onRefresh?: () => void }) =>
  render(
    <MemoryRouter initialEntries={['/stable/kefu/thread']}>
      <List {...props} />
    </MemoryRouter>,
  );

const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe('useListRefresh', () => {
  it('reloads when the window comes back, once for focus and visibility together', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const onRefresh = vi.fn();
    mount({ reload, onRefresh });
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      setVisibility('visible');
      window.dispatchEvent(new Event('focus'));
    });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REFRESH_GAP_MS + 1);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload while the tab is hidden', () => {
    const reload = vi.fn();
    mount({ reload });
    act(() => setVisibility('hidden'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads when the same page is opened again, not when another page is', () => {
    const reload = vi.fn();
    mount({ reload });
    act(() => navigate('/stable/kefu/thread'));
    expect(reload).toHaveBeenCalledTimes(1);
    act(() => navigate('/stable/kefu/rate'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('polls only while the tab shows, and only when asked to', () => {
    mount({ reload: vi.fn(), pollMs: 30_000 });
    expect(polling).toBe(30_000);
    act(() => setVisibility('hidden'));
    expect(polling).toBeUndefined();
    act(() => setVisibility('visible'));
    expect(polling).toBe(30_000);
  });

  it('does not poll without pollMs', () => {
    mount({ reload: vi.fn() });
    expect(polling).toBeUndefined();
  });
});
