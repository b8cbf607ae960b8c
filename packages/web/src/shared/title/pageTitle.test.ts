import { describe, expect, it } from 'vitest';
import { formatPageTitle } from './pageTitle';

describe('page title', () => {
  it('puts the route title before the tagline', () => {
    expect(formatPageTitle('工作台', '全渠道智能客服')).toBe('工作台 - 全渠道智能客服');
    expect(formatPageTitle('Workplace', 'All-channel intelligent customer service')).toBe(
      'Workplace - All-channel intelligent customer service',
    );
  });

  it('shows only the tagline without a route title', () => {
    expect(formatPageTitle('  ', '全渠道智能客服')).toBe('全渠道智能客服');
    expect(formatPageTitle(undefined, 'T')).toBe('T');
  });
});
