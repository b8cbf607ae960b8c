import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/* DOM helpers for the console's page tests (imported by tests only). */

export type User = ReturnType<typeof userEvent.setup>;

/**
 * user-event, minus its pointer-events check: antd's dropdowns animate in and out with
 * `pointer-events: none`, which jsdom never finishes, so the check would refuse real clicks.
 */
export const setupUser = (): User => userEvent.setup({ pointerEventsCheck: 0 });

/**
 * A button by its text. Cheaper than getByRole, whose accessibility-tree walk is slow over a
 * table, a search form and a drawer full of inputs.
 */
export const button = (container: HTMLElement, name: string | RegExp): HTMLButtonElement =>
  within(container).getByText(name, { selector: 'button, button *' }).closest('button') as HTMLButtonElement;

/** Types a value in one go (per-key typing re-renders the whole table for every character). */
export const fill = async (user: User, element: HTMLElement, text: string): Promise<void> => {
  await user.click(element);
  await user.paste(text);
};

/** The table row holding `text`. */
export const rowOf = (text: string): HTMLElement => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

/** The newest open drawer or modal. */
export const findDialog = (): Promise<HTMLElement> =>
  waitFor(() => {
    const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"]');
    const dialog = dialogs[dialogs.length - 1];
    if (!dialog) throw new Error('no dialog open');
    return dialog;
  });

/** The popconfirm showing `text`, for clicking its OK. */
export const findPopconfirm = async (text: string | RegExp): Promise<HTMLElement> =>
  (await screen.findByText(text)).closest('.ant-popover') as HTMLElement;

/** Opens the antd select labelled `label` inside `container` and picks `option` from its own list. */
export const pickOption = async (
  user: User,
  container: HTMLElement,
  label: string,
  option: string,
): Promise<void> => {
  const input = within(container).getByLabelText(label);
  await user.click(input);
  const choice = await waitFor(() => {
    // Closed dropdowns linger in jsdom (their leave animation never ends): only look in this select's list.
    const listId = input.getAttribute('aria-controls');
    const dropdown = listId ? document.getElementById(listId)?.closest('.ant-select-dropdown') : null;
    const found = [...(dropdown?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find(
      (element) => element.textContent === option,
    );
    if (!found) throw new Error(`option ${option} not shown`);
    return found;
  });
  await user.click(choice);
};

export const searchForm = (): HTMLElement => document.querySelector('.ant-pro-table-search') as HTMLElement;
