/*
 * The mobile number asked during the chat (showCollectMobile), checked like the builder's phone
 * items (contract form-rules.ts `mobilePattern`; the server checks it again). Plain code rather than
 * the contract's: importing it at run time would pull zod into the widget's first load.
 */

const mobilePattern = /^\+?[0-9 -]{5,20}$/;

export const isMobileNumber = (value: string): boolean => mobilePattern.test(value.trim());
