import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../shared/testing/renderWithProviders';
import { PAGE_LOAD_TIMEOUT_MS } from '../routing/lazyPage';
import { PageHost } from './PageHost';

const HelloPage = () => <p>hello page</p>;

describe('PageHost', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the 404 "still in development" screen for a key without a page module', () => {
    renderWithProviders(<PageHost component="kefu/account" modules={{}} />);
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(
      screen.getByText('Sorry, this page does not exist or is still in development.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeInTheDocument();
  });

  it('renders the lazily loaded page module', async () => {
    renderWithProviders(
      <PageHost component="demo/hello" modules={{ 'demo/hello': async () => ({ default: HelloPage }) }} />,
    );
    expect(await screen.findByText('hello page')).toBeInTheDocument();
  });

  it('gives up after 120 s with an error screen whose retry loads the page again', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // the boundary reports the timeout
    let attempts = 0;
    const loader = () => {
      attempts += 1;
      // The first load hangs (a stalled network); the retry succeeds.
      return attempts === 1 ? new Promise<never>(() => undefined) : Promise.resolve({ default: HelloPage });
    };
    renderWithProviders(<PageHost component="demo/slow" modules={{ 'demo/slow': loader }} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PAGE_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.queryByText('The page took too long to load')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText('The page took too long to load')).toBeInTheDocument();
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('hello page')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
