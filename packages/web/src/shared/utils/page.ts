/**
 * Page-level navigation side effects behind one object, so code that reloads the page can be
 * exercised in tests (jsdom's `location.reload` cannot be replaced) with `vi.spyOn(page, 'reload')`.
 */
export const page = {
  reload(): void {
    window.location.reload();
  },
};
