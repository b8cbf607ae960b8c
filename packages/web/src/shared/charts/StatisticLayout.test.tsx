import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { setupUser } from '../testing/dom';
import { renderWithProviders } from '../testing/renderWithProviders';
import { KpiCards, formatChange } from '.';

describe('KpiCards', () => {
  it('shows the change against the previous period, coloured by whether a rise is good news', () => {
    renderWithProviders(
      <KpiCards
        items={[
          { key: 'served', title: 'Served', value: 120, change: 0.25 },
          { key: 'wait', title: 'Wait', value: '42 s', change: 0.1, isHigherBetter: false },
          { key: 'lost', title: 'Lost', value: 3, change: -0.5, isHigherBetter: false },
          { key: 'flat', title: 'Flat', value: 7, change: 0.0001 },
          { key: 'new', title: 'New', value: 5, change: null },
          { key: 'plain', title: 'Plain', value: 1 },
        ]}
      />,
    );
    const colourOf = (text: string) => screen.getByText(text).closest('.ant-typography')?.className ?? '';
    expect(colourOf('+25% vs the previous period')).toContain('ant-typography-success');
    expect(colourOf('+10% vs the previous period')).toContain('ant-typography-danger');
    expect(colourOf('−50% vs the previous period')).toContain('ant-typography-success');
    expect(colourOf('0% vs the previous period')).toContain('ant-typography-secondary');
    expect(screen.getByText('Nothing to compare with in the previous period')).toBeInTheDocument();
    expect(screen.getAllByText(/vs the previous period|Nothing to compare/)).toHaveLength(5);
  });

  it('puts the definition and the formula behind the info icon, and opens what is behind a figure', async () => {
    const user = setupUser();
    const onDrill = vi.fn();
    renderWithProviders(
      <KpiCards
        items={[
          {
            key: 'served',
            title: 'Served',
            value: 120,
            description: 'Conversations an agent took.',
            formula: 'assigned events',
            onDrill,
          },
        ]}
      />,
    );
    const icon = screen.getByLabelText('Conversations an agent took. How it is computed: assigned events');
    await user.hover(icon);
    expect(await screen.findByText('How it is computed: assigned events')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Conversations behind Served' }));
    expect(onDrill).toHaveBeenCalledTimes(1);
  });

  it('formats changes as signed percentages', () => {
    expect(formatChange(0.125)).toBe('+12.5%');
    expect(formatChange(-0.03)).toBe('−3%');
    expect(formatChange(0)).toBe('0%');
  });
});
