import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { Profile } from '@openkefu/contract';
import { Can } from './Can';
import { useCan } from './useCan';
import { setProfile } from '../../auth/profileStore';

const profile = {
  username: 'agent',
  roles: [
    {
      rid: 'r',
      value: 'ROLE_WORKGROUP_ADMIN',
      name: 'Workgroup admin',
      description: '',
      authorities: [],
      permissions: [{ permissionId: 'kefu.account', actionList: ['query', 'edit'] }],
    },
  ],
} as unknown as Profile;

describe('Can / useCan', () => {
  afterEach(() => setProfile(null));

  it('renders children only when the profile grants permissionId.action', () => {
    setProfile(profile);
    render(
      <>
        <Can permission="kefu.account.edit">
          <button type="button">Edit</button>
        </Can>
        <Can permission="kefu.account.delete">
          <button type="button">Delete</button>
        </Can>
        <Can permission="kefu.account.export" fallback={<span>No export</span>}>
          <button type="button">Export</button>
        </Can>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByText('No export')).toBeInTheDocument();
  });

  it('follows profile changes', () => {
    const Probe = () => <span>{useCan()('kefu.account.query') ? 'yes' : 'no'}</span>;
    render(<Probe />);
    expect(screen.getByText('no')).toBeInTheDocument();
    act(() => setProfile(profile));
    expect(screen.getByText('yes')).toBeInTheDocument();
  });
});
