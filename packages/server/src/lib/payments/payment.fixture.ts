import { expect } from 'vitest';
import { OutsideError } from '../outside/http.js';
import { PaymentNotificationError } from './payment.gateway.js';

/* Helpers of the payment gateways' tests: what a call that must fail threw. */

const rejectionOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => null,
    (caught: unknown) => caught,
  );

/** The provider's refusal (or our transport's failure) the call ended with. */
export const outsideErrorOf = async (promise: Promise<unknown>): Promise<OutsideError> => {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(OutsideError);
  return error as OutsideError;
};

/** Why a notification was refused. */
export const notificationErrorOf = async (promise: Promise<unknown>): Promise<string> => {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(PaymentNotificationError);
  return (error as Error).message;
};
