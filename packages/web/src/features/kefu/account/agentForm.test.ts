import { describe, expect, it } from 'vitest';
import { makeUser } from '../shared/testFixtures';
import {
  emptyAgentForm,
  hasOnlyAgentRoles,
  MOBILE_PATTERN,
  toAgentCreateBody,
  toAgentFormValues,
  toAgentUpdateBody,
  USERNAME_PATTERN,
  WEBHOOK_PATTERN,
} from './agentForm';
import { toRobotCreateBody, toRobotFormValues } from './robotForm';

describe('agent form mapping', () => {
  it('trims texts and drops the password confirmation from the create body', () => {
    const body = toAgentCreateBody({
      ...emptyAgentForm,
      username: ' dave ',
      password: ' pass word ',
      confirmPassword: ' pass word ',
      nickname: ' Dave ',
      email: ' dave@example.com ',
      webhook: ' https://hooks.example.com/x ',
    });
    expect(body).toMatchObject({
      username: 'dave',
      password: ' pass word ',
      nickname: 'Dave',
      email: 'dave@example.com',
      webhook: 'https://hooks.example.com/x',
      roles: ['ROLE_WORKGROUP_AGENT'],
      maxThreadCount: 10,
      autoCloseMinutes: 30,
    });
    expect(body).not.toHaveProperty('confirmPassword');
  });

  it('round-trips an agent through the form, nulls becoming empty texts', () => {
    const agent = makeUser({ email: null, mobile: null, showTopTip: true, topTip: 'Holiday hours' });
    const values = toAgentFormValues(agent);
    expect(values).toMatchObject({ email: '', mobile: '', workGroups: ['w-sales'], showTopTip: true });
    const body = toAgentUpdateBody(agent.uid, values, true);
    expect(body).toMatchObject({
      uid: 'u-alice',
      email: '',
      topTip: 'Holiday hours',
      roles: ['ROLE_WORKGROUP_AGENT'],
    });
    expect(body).not.toHaveProperty('username');
    expect(body).not.toHaveProperty('password');
  });

  it('keeps roles out of the update of an account with administrator roles', () => {
    const owner = makeUser({ roles: [{ rid: 'r', value: 'ROLE_ADMIN', name: 'Administrator' }] });
    expect(hasOnlyAgentRoles(owner)).toBe(false);
    expect(toAgentFormValues(owner).roles).toEqual([]);
    expect(toAgentUpdateBody(owner.uid, toAgentFormValues(owner), false)).not.toHaveProperty('roles');
    expect(hasOnlyAgentRoles(makeUser())).toBe(true);
  });

  it('uses the contract’s username, mobile and webhook rules', () => {
    expect(USERNAME_PATTERN.test('a.b_c@d-e')).toBe(true);
    expect(USERNAME_PATTERN.test('_abc')).toBe(false);
    expect(MOBILE_PATTERN.test('+8613800000000')).toBe(true);
    expect(MOBILE_PATTERN.test('12345')).toBe(false);
    expect(WEBHOOK_PATTERN.test('https://example.com/hook')).toBe(true);
    expect(WEBHOOK_PATTERN.test('ftp://example.com')).toBe(false);
    expect(WEBHOOK_PATTERN.test('https://')).toBe(false);
  });

  it('maps a robot to its form and back', () => {
    const robot = makeUser({ robot: true, robotType: null, nickname: 'Bot', workGroups: [] });
    const values = toRobotFormValues(robot);
    expect(values.robotType).toBe('before');
    expect(toRobotCreateBody({ ...values, nickname: ' Bot 2 ' })).toEqual({
      nickname: 'Bot 2',
      avatar: '',
      robotType: 'before',
      welcomeTip: '',
      description: '',
      workGroups: [],
    });
  });
});
