import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { SlaBadges } from './display';
import { makeTicket, T0 } from './testing';

afterEach(async () => {
  await changeLanguage('en-US');
});

const due = (minutesAhead: number, warnMinutes: number) =>
  makeTicket({
    sla: {
      firstResponseDueAt: T0 + minutesAhead * 60_000,
      resolutionDueAt: T0 + 10 * 60 * 60_000,
      firstRespondedAt: null,
      firstResponseBreached: false,
      resolutionBreached: false,
      warnMinutes,
      dueSoon: false,
    },
  });

describe('SlaBadges', () => {
  it("warns 'due soon' inside the policy's window, not a fixed hour", async () => {
    const { unmount } = renderWithProviders(<SlaBadges ticket={due(90, 120)} now={T0} />);
    expect(await screen.findByText('Due soon')).toBeInTheDocument();
    unmount();
    const quiet = renderWithProviders(<SlaBadges ticket={due(40, 30)} now={T0} />);
    expect(screen.queryByText('Due soon')).toBeNull();
    quiet.unmount();
    renderWithProviders(<SlaBadges ticket={due(-1, 30)} now={T0} />);
    expect(await screen.findByText('Overdue')).toBeInTheDocument();
  });

  it('shows a breach rather than a countdown, and nothing once finished', async () => {
    const breached = makeTicket({
      sla: { ...due(10, 60).sla, firstResponseBreached: true },
    });
    const { unmount } = renderWithProviders(<SlaBadges ticket={breached} now={T0} />);
    expect(await screen.findByText('First response breached')).toBeInTheDocument();
    expect(screen.queryByText('Due soon')).toBeNull();
    unmount();
    renderWithProviders(<SlaBadges ticket={{ ...breached, status: 'resolved' }} now={T0} />);
    expect(screen.queryByText('First response breached')).toBeNull();
  });
});
