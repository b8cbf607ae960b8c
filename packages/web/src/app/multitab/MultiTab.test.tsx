import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { renderWithProviders } from '../../shared/testing/renderWithProviders';
import { MultiTab } from './MultiTab';

const titles: Record<string, string> = { '/a': 'Alpha', '/b': 'Beta', '/c': 'Gamma' };

const Harness = () => {
  const navigate = useNavigate();
  return (
    <>
      <MultiTab titleOf={(path) => titles[path] ?? path} />
      <button type="button" onClick={() => navigate('/b')}>
        go b
      </button>
      <button type="button" onClick={() => navigate('/c')}>
        go c
      </button>
    </>
  );
};

const openMenuOn = async (label: string) => {
  fireEvent.contextMenu(screen.getByText(label));
  return screen.findAllByRole('menuitem');
};

describe('MultiTab', () => {
  it('keeps opened pages as tabs and answers the context menu with the spec messages', async () => {
    renderWithProviders(<Harness />, { path: '/a' });
    fireEvent.click(screen.getByText('go b'));
    fireEvent.click(screen.getByText('go c'));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Alpha', 'Beta', 'Gamma']);

    await openMenuOn('Alpha');
    fireEvent.click(await screen.findByText('Close tabs to the left'));
    expect(await screen.findByText('No tabs on the left')).toBeInTheDocument();

    await openMenuOn('Gamma');
    const rightItems = await screen.findAllByText('Close tabs to the right');
    fireEvent.click(rightItems[rightItems.length - 1]);
    expect(await screen.findByText('No tabs on the right')).toBeInTheDocument();

    await openMenuOn('Beta');
    const closeAll = await screen.findAllByText('Close all other tabs');
    await act(async () => {
      fireEvent.click(closeAll[closeAll.length - 1]);
    });
    await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Beta']));

    await openMenuOn('Beta');
    const closeCurrent = await screen.findAllByText('Close this tab');
    fireEvent.click(closeCurrent[closeCurrent.length - 1]);
    expect(await screen.findByText('This is the last tab and cannot be closed')).toBeInTheDocument();
  });
});
