/** The views of account settings, in menu order; `?tab=` picks one (spec §2 AccountSettings, plus AccountCenter). */
export const accountTabs = ['center', 'base', 'security', 'custom', 'binding', 'notification'] as const;
export type AccountTab = (typeof accountTabs)[number];

/** "Account settings" opens on the basic settings, like the original console. */
export const DEFAULT_ACCOUNT_TAB: AccountTab = 'base';

export const toAccountTab = (value: string | null): AccountTab =>
  accountTabs.find((tab) => tab === value) ?? DEFAULT_ACCOUNT_TAB;
