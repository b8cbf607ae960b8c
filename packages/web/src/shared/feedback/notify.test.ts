import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { notify, setNotifier, type Notifier } from './notify';

describe('notify', () => {
  afterEach(() => {
    setNotifier(null);
    document.getElementById('ok-toasts')?.remove();
    vi.useRealTimers();
  });

  it('shows a DOM toast with title and description, stacked in one container', () => {
    notify.error({ title: 'Forbidden', description: 'No access to kefu.account' });
    notify.success({ title: 'Copied' });
    expect(screen.getByRole('alert')).toHaveTextContent('Forbidden');
    expect(screen.getByRole('alert')).toHaveTextContent('No access to kefu.account');
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    expect(document.querySelectorAll('#ok-toasts .ok-toast')).toHaveLength(2);
  });

  it('shows the title once when description repeats it', () => {
    notify.error({ title: 'Unauthorized', description: 'Unauthorized' });
    expect(screen.getByRole('alert').textContent?.match(/Unauthorized/g)).toHaveLength(1);
  });

  it('dismisses itself after its duration and on the close button', () => {
    vi.useFakeTimers();
    notify.info({ title: 'Hello', duration: 2 });
    notify.info({ title: 'Sticky', duration: 0 });
    vi.advanceTimersByTime(1999);
    expect(screen.getByText('Hello')).toBeInTheDocument();
    vi.advanceTimersByTime(1);
    expect(screen.queryByText('Hello')).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(screen.getByText('Sticky')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Close' }).click();
    expect(screen.queryByText('Sticky')).toBeNull();
  });

  it('routes through a swapped-in notifier', () => {
    const impl: Notifier = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
    setNotifier(impl);
    notify.warning({ title: 'Careful' });
    expect(impl.warning).toHaveBeenCalledWith({ title: 'Careful' });
    expect(document.getElementById('ok-toasts')).toBeNull();
  });
});
