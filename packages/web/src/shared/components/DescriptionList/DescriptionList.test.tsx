import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Description, DescriptionList } from './DescriptionList';

describe('DescriptionList', () => {
  it('renders the title and term/value pairs', () => {
    render(
      <DescriptionList title="Account" col={2}>
        <Description term="Username">admin</Description>
        <Description term="Balance">100</Description>
        <Description term="Email" />
      </DescriptionList>,
    );
    expect(screen.getByText('Account')).toBeInTheDocument();
    const terms = screen.getAllByRole('term').map((el) => el.textContent);
    const details = screen.getAllByRole('definition').map((el) => el.textContent);
    expect(terms).toEqual(['Username', 'Balance', 'Email']);
    expect(details).toEqual(['admin', '100', '-']);
  });

  it('clamps columns to 1–4, default 3', () => {
    const { container, rerender } = render(<DescriptionList />);
    const root = () => container.firstElementChild as HTMLElement;
    expect(root()).toHaveClass('ok-dl--col-3');
    rerender(<DescriptionList col={7} />);
    expect(root()).toHaveClass('ok-dl--col-4');
    rerender(<DescriptionList col={0} />);
    expect(root()).toHaveClass('ok-dl--col-1');
    rerender(<DescriptionList col={2} layout="vertical" />);
    expect(root()).toHaveClass('ok-dl--col-2', 'ok-dl--vertical');
  });
});
