import type { WordKey } from './i18n.js';

export type LeaveFields = { content: string; mobile: string; email: string };
export type LeaveErrors = Partial<Record<keyof LeaveFields, WordKey>>;

const mobilePattern = /^\+?[0-9 -]{5,20}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The leave-message form's rules; which contact is required follows the group's leaveMessageType. */
export const validateLeaveMessage = (
  fields: LeaveFields,
  type: 'default' | 'mobile' | 'email',
): LeaveErrors => {
  const errors: LeaveErrors = {};
  const mobile = fields.mobile.trim();
  const email = fields.email.trim();
  if (!fields.content.trim()) errors.content = 'leaveContentRequired';
  if (mobile && !mobilePattern.test(mobile)) errors.mobile = 'leaveMobileInvalid';
  if (email && !emailPattern.test(email)) errors.email = 'leaveEmailInvalid';
  if (type === 'mobile' && !mobile) errors.mobile = 'leaveMobileRequired';
  if (type === 'email' && !email) errors.email = 'leaveEmailRequired';
  if (type === 'default' && !mobile && !email) errors.mobile = 'leaveContactRequired';
  return errors;
};
