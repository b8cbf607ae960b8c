/**
 * Leaving the console for a platform's page, behind one object so tests can spy on it (jsdom
 * cannot navigate).
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
