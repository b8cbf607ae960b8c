import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Countdown, formatCountdown } from './Countdown';
import { toTargetTime } from './useCountdown';

describe('formatCountdown', () => {
  it('shows hh:mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(59_000)).toBe('00:00:59');
    expect(formatCountdown(3_723_000)).toBe('01:02:03');
    expect(formatCountdown(30 * 3600 * 1000)).toBe('30:00:00');
    expect(formatCountdown(500)).toBe('00:00:01');
  });
});

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks every second and calls onEnd once at zero', () => {
    const onEnd = vi.fn();
    render(<Countdown target={Date.now() + 3000} onEnd={onEnd} />);
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:03');
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:03');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:02');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:01');
    expect(onEnd).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('accepts a Date target', () => {
    render(<Countdown target={new Date(Date.now() + 3_723_000)} />);
    expect(screen.getByRole('timer')).toHaveTextContent('01:02:03');
  });

  it('ends at once for a past target', () => {
    const onEnd = vi.fn();
    render(<Countdown target={Date.now() - 5000} onEnd={onEnd} />);
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it("throws 'invalid target prop' for a bad target", () => {
    expect(() => toTargetTime(new Date('nope'))).toThrow('invalid target prop');
    expect(() => toTargetTime(Number.NaN)).toThrow('invalid target prop');
    expect(() => toTargetTime('2024-01-01')).toThrow('invalid target prop');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Countdown target={Number.POSITIVE_INFINITY} />)).toThrow('invalid target prop');
    consoleError.mockRestore();
  });
});
