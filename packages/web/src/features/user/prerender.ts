/**
 * The login form the server sends inside the HTML (issue 18): pre-rendered at build time, shown
 * at the document's first paint, before any script. React renders into the hidden #root meanwhile
 * and takes over in one commit: the page adopts what the user typed, then the router's root
 * removes the copy (layout effects, so no frame shows both or neither).
 * Keep the id in sync with the build's pre-rendering (vite.config.ts) and the server (static.ts).
 */
export const PRERENDER_ID = 'ok-prerender';

const prerenderRoot = (): HTMLElement | null =>
  typeof document === 'undefined' ? null : document.getElementById(PRERENDER_ID);

/** The page is taking over from a pre-rendered copy (its own autofocus must not steal the copy's focus). */
export const hasPrerender = (): boolean => prerenderRoot() !== null;

/**
 * Copies the values typed (or autofilled) into the pre-rendered inputs to the page's own form,
 * and the focus and caret of the one in use.
 */
export const adoptPrerenderedInputs = (
  form: HTMLFormElement | null,
  names: readonly string[],
  setValue: (name: string, value: string) => void,
): void => {
  const root = prerenderRoot();
  if (!root || !form) return;
  const active = document.activeElement;
  for (const name of names) {
    const copy = root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    const target = form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (!copy || !target) continue;
    if (copy.value !== '') {
      // Set on the element too, so that React's update finds it equal and leaves the caret alone.
      target.value = copy.value;
      setValue(name, copy.value);
    }
    if (copy === active) {
      target.focus();
      target.setSelectionRange(copy.selectionStart, copy.selectionEnd, copy.selectionDirection ?? undefined);
    }
  }
};

/** Drops the pre-rendered copy, which also reveals #root (hidden by the copy's style while it is there). */
export const removePrerender = (): void => {
  prerenderRoot()?.remove();
};
