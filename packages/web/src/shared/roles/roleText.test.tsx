import { afterEach, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { changeLanguage } from '../i18n';
import { useRoleText } from './roleText';

afterEach(async () => {
  await changeLanguage('en-US');
});

describe('useRoleText', () => {
  it('names and describes a role by its key in the current language', async () => {
    await changeLanguage('zh-CN');
    const { result } = renderHook(() => useRoleText());
    const role = { value: 'ROLE_WORKGROUP_ADMIN', name: 'Workgroup admin', description: 'Runs skill groups' };
    expect(result.current.name(role)).toBe('技能组管理员');
    expect(result.current.description(role)).toBe(
      '管理技能组、客服和服务内容；不含渠道、呼叫中心和平台管理。',
    );
  });

  it("keeps the server's text for a key it does not know", () => {
    const { result } = renderHook(() => useRoleText());
    const role = { value: 'ROLE_NEW', name: 'New role', description: 'Something new' };
    expect(result.current.name(role)).toBe('New role');
    expect(result.current.description(role)).toBe('Something new');
    expect(result.current.name({ value: 'ROLE_NEW' })).toBe('ROLE_NEW');
  });
});
