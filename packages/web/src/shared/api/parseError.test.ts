import { describe, expect, it } from 'vitest';
import { HttpError } from './HttpError';
import { parseError } from './parseError';

describe('parseError', () => {
  it('reads an HttpError', () => {
    const error = new HttpError({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Invalid input',
      fields: { mobile: 'Bad number' },
    });
    expect(parseError(error)).toEqual({
      message: 'Invalid input',
      fields: { mobile: 'Bad number' },
      retryAfter: undefined,
    });
  });

  it('reads raw envelope and OAuth error bodies', () => {
    expect(
      parseError({
        message: 'Invalid input',
        status_code: 400,
        data: null,
        fields: [{ field: 'email', message: 'Not an email' }],
      }),
    ).toEqual({ message: 'Invalid input', fields: { email: 'Not an email' }, retryAfter: undefined });
    expect(
      parseError({
        error: 'too_many_attempts',
        error_description: 'Too many attempts',
        message: 'x',
        retryAfter: 300,
      }),
    ).toEqual({ message: 'Too many attempts', fields: {}, retryAfter: 300 });
  });

  it('reads plain errors and strings', () => {
    expect(parseError(new Error('boom'))).toEqual({ message: 'boom', fields: {} });
    expect(parseError('nope')).toEqual({ message: 'nope', fields: {} });
  });

  it('falls back to a translated generic message', () => {
    expect(parseError(undefined).message).toBe('Something went wrong');
    expect(parseError(new Error('')).message).toBe('Something went wrong');
    expect(parseError({ foo: 1 }).message).toBe('Something went wrong');
  });
});
