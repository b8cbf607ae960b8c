import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setProfile } from './src/shared/auth/profileStore';
import { setNotifier } from './src/shared/feedback/notify';
import { changeLanguage, getLanguage } from './src/shared/i18n';
import { setSession } from './src/shared/routing/session';
import { settingsStore } from './src/shared/settings/useSettings';

// findBy…/waitFor wait up to 1 s by default; antd pages on a loaded 2-core CI machine can take longer
// to settle. A ceiling, not a timing check: a passing wait returns as soon as the element is there.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Test files share their worker's modules (isolate: false, a third of the time of a fresh import
// of antd per file). Each file starts from what a fresh import would give: nobody signed in, default
// display settings, English, DOM toasts (no antd notifier a mounted page left behind), real timers and
// globals.
beforeAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  setProfile(null);
  setSession(null);
  setNotifier(null);
  document.getElementById('ok-toasts')?.remove();
  document.documentElement.removeAttribute('class');
  document.documentElement.removeAttribute('style');
  window.history.replaceState(null, '', '/');
  settingsStore.reset();
  if (getLanguage() !== 'en-US') await changeLanguage('en-US');
});

// antd reads matchMedia for responsive observers; jsdom lacks it (STACK gotcha 6).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// jsdom finds a label's control by walking the whole document for its `for` id, and a control's
// labels by asking every element of the document for that: per getByLabelText, every field times
// every label times the document. A form of a few dozen fields spent most of its test time there.
// The same answers (HTML's rules) through the document's id lookup and the label's own subtree.
// Elements outside a document keep jsdom's own search.
// Installed once per jsdom: this file runs again for every test file of a worker.
const installed = Symbol.for('openkefu.fastLabels');
const isInstalled = installed in HTMLLabelElement.prototype;
const labelControl = Object.getOwnPropertyDescriptor(HTMLLabelElement.prototype, 'control')?.get;
const labelableSelector = 'button, input:not([type="hidden" i]), meter, output, progress, select, textarea';
const isLabelable = (element: Element) =>
  element.namespaceURI === 'http://www.w3.org/1999/xhtml' && element.matches(labelableSelector);
const controlOf = (label: HTMLLabelElement): HTMLElement | null => {
  const id = label.getAttribute('for');
  if (id === null) return label.querySelector<HTMLElement>(labelableSelector);
  if (id === '') return null;
  const target = (label.getRootNode() as Document).getElementById(id);
  return target && isLabelable(target) ? target : null;
};
if (labelControl && !isInstalled)
  Object.defineProperty(HTMLLabelElement.prototype, 'control', {
    configurable: true,
    get(this: HTMLLabelElement) {
      return this.getRootNode() instanceof Document ? controlOf(this) : labelControl.call(this);
    },
  });
for (const type of [
  HTMLInputElement,
  HTMLSelectElement,
  HTMLTextAreaElement,
  HTMLButtonElement,
  HTMLMeterElement,
  HTMLOutputElement,
  HTMLProgressElement,
]) {
  const labels = Object.getOwnPropertyDescriptor(type.prototype, 'labels')?.get;
  if (!labels || isInstalled) continue;
  Object.defineProperty(type.prototype, 'labels', {
    configurable: true,
    get(this: HTMLElement) {
      const root = this.getRootNode();
      if (!(root instanceof Document) || !isLabelable(this)) return labels.call(this);
      const found = new Set<HTMLLabelElement>();
      if (this.id)
        for (const label of root.querySelectorAll('label[for]'))
          if (label.getAttribute('for') === this.id && controlOf(label as HTMLLabelElement) === this)
            found.add(label as HTMLLabelElement);
      for (let parent = this.parentElement; parent; parent = parent.parentElement)
        if (parent instanceof HTMLLabelElement && !parent.hasAttribute('for') && controlOf(parent) === this)
          found.add(parent);
      return [...found].sort((a, b) =>
        a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
      );
    },
  });
}
Object.defineProperty(HTMLLabelElement.prototype, installed, { value: true });
