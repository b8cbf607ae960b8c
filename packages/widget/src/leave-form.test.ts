import { describe, expect, it } from 'vitest';
import { validateLeaveMessage } from './leave-form.js';

describe('validateLeaveMessage', () => {
  const filled = { content: 'Call me back', mobile: '', email: '' };

  it('needs the message and, by default, a mobile or an email', () => {
    expect(validateLeaveMessage({ content: ' ', mobile: '', email: '' }, 'default')).toEqual({
      content: 'leaveContentRequired',
      mobile: 'leaveContactRequired',
    });
    expect(validateLeaveMessage({ ...filled, email: 'a@b.co' }, 'default')).toEqual({});
  });

  it('requires the contact the skill group asks for', () => {
    expect(validateLeaveMessage({ ...filled, email: 'a@b.co' }, 'mobile')).toEqual({
      mobile: 'leaveMobileRequired',
    });
    expect(validateLeaveMessage({ ...filled, mobile: '13800138000' }, 'email')).toEqual({
      email: 'leaveEmailRequired',
    });
  });

  it('refuses malformed contacts', () => {
    expect(validateLeaveMessage({ ...filled, mobile: 'abc', email: 'nope' }, 'default')).toEqual({
      mobile: 'leaveMobileInvalid',
      email: 'leaveEmailInvalid',
    });
  });
});
