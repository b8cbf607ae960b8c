import './notify.css';
import { i18n } from '../i18n';

export type NoticeKind = 'success' | 'error' | 'info' | 'warning';

export type NoticeOptions = {
  title: string;
  description?: string;
  /** Seconds before the notice closes itself; 0 keeps it open. Same unit as antd's notification. */
  duration?: number;
};

export type Notifier = Record<NoticeKind, (options: NoticeOptions) => void>;

const DEFAULT_DURATION_SECONDS = 4.5;
const CONTAINER_ID = 'ok-toasts';

const getContainer = (): HTMLElement => {
  const existing = document.getElementById(CONTAINER_ID);
  if (existing) return existing;
  const container = document.createElement('div');
  container.id = CONTAINER_ID;
  container.className = 'ok-toasts';
  document.body.appendChild(container);
  return container;
};

const showToast = (
  kind: NoticeKind,
  { title, description, duration = DEFAULT_DURATION_SECONDS }: NoticeOptions,
): void => {
  if (typeof document === 'undefined') return;
  const toast = document.createElement('div');
  toast.className = `ok-toast ok-toast--${kind}`;
  // Errors interrupt (alert); the rest are polite status updates.
  toast.setAttribute('role', kind === 'error' || kind === 'warning' ? 'alert' : 'status');

  const body = document.createElement('div');
  body.className = 'ok-toast__body';
  const heading = document.createElement('div');
  heading.className = 'ok-toast__title';
  heading.textContent = title;
  body.appendChild(heading);
  if (description && description !== title) {
    const text = document.createElement('div');
    text.className = 'ok-toast__description';
    text.textContent = description;
    body.appendChild(text);
  }

  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'ok-toast__close';
  close.setAttribute('aria-label', i18n.t('shared:notice.close'));
  close.textContent = '×';

  let timer: ReturnType<typeof setTimeout> | undefined;
  const dismiss = () => {
    if (timer !== undefined) clearTimeout(timer);
    toast.remove();
  };
  close.addEventListener('click', dismiss);

  toast.append(body, close);
  getContainer().appendChild(toast);
  if (duration > 0) timer = setTimeout(dismiss, duration * 1000);
};

/** Plain-DOM toasts, stacked top-right: the login page must not wait for antd (DESIGN §5, §7). */
export const domNotifier: Notifier = {
  success: (options) => showToast('success', options),
  error: (options) => showToast('error', options),
  info: (options) => showToast('info', options),
  warning: (options) => showToast('warning', options),
};

let current: Notifier = domNotifier;

/** The shell swaps in antd's notification once antd is loaded; `null` restores the DOM toasts. */
export const setNotifier = (impl: Notifier | null): void => {
  current = impl ?? domNotifier;
};

export const notify: Notifier = {
  success: (options) => current.success(options),
  error: (options) => current.error(options),
  info: (options) => current.info(options),
  warning: (options) => current.warning(options),
};
