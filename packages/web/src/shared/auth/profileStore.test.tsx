import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { Profile, Role } from '@openkefu/contract';
import { can, getProfile, hasPermission, setProfile, splitPermission, useProfile } from './profileStore';

const role = (permissions: Role['permissions']): Role => ({
  rid: 'r1',
  value: 'ROLE_ADMIN',
  name: 'Admin',
  description: '',
  authorities: [],
  permissions,
});

const profile = {
  username: 'alice',
  roles: [
    role([{ permissionId: 'kefu.account', actionList: ['query', 'add', 'delete'] }]),
    role([{ permissionId: 'kefu.group', actionList: ['query'] }]),
  ],
} as unknown as Profile;

describe('hasPermission', () => {
  it('grants an action listed for the permission in any role', () => {
    expect(hasPermission(profile, 'kefu.account', 'delete')).toBe(true);
    expect(hasPermission(profile, 'kefu.group', 'query')).toBe(true);
  });

  it('refuses missing actions, unknown permissions and no profile', () => {
    expect(hasPermission(profile, 'kefu.account', 'export')).toBe(false);
    expect(hasPermission(profile, 'kefu.group', 'delete')).toBe(false);
    expect(hasPermission(profile, 'kefu.thread', 'query')).toBe(false);
    expect(hasPermission(null, 'kefu.account', 'query')).toBe(false);
  });

  it('can() takes the dotted form permissionId.action', () => {
    expect(splitPermission('kefu.account.delete')).toEqual(['kefu.account', 'delete']);
    expect(can(profile, 'kefu.account.delete')).toBe(true);
    expect(can(profile, 'kefu.account.edit')).toBe(false);
    expect(can(profile, 'kefu')).toBe(false);
  });
});

describe('profile store', () => {
  afterEach(() => setProfile(null));

  it('notifies useProfile subscribers', () => {
    const Name = () => <span>{useProfile()?.username ?? 'nobody'}</span>;
    render(<Name />);
    expect(screen.getByText('nobody')).toBeInTheDocument();
    act(() => setProfile(profile));
    expect(screen.getByText('alice')).toBeInTheDocument();
    expect(getProfile()).toBe(profile);
  });
});
