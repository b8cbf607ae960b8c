import { i18n } from '../i18n';
import { notify } from '../feedback/notify';

export type CopyOptions = {
  /** `settings` uses the display-settings wording (spec §8: "复制完毕" / "复制失败"). */
  variant?: 'default' | 'settings';
  /** false: no notice, only the result. */
  notice?: boolean;
};

const copyWithTextarea = (text: string): boolean => {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  // Off-screen but still selectable; a hidden element cannot be selected.
  textarea.style.position = 'fixed';
  textarea.style.top = '-1000px';
  textarea.style.opacity = '0';
  document.body.appendChild(textarea);
  const selection = document.getSelection();
  const previousRange = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  textarea.focus();
  textarea.select();
  let isCopied = false;
  try {
    isCopied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    isCopied = false;
  }
  textarea.remove();
  previousFocus?.focus();
  if (previousRange && selection) {
    selection.removeAllRanges();
    selection.addRange(previousRange);
  }
  return isCopied;
};

/**
 * Copies text to the clipboard: the async Clipboard API when the page may use it, else the
 * textarea + execCommand fallback. Tells the user the outcome (spec §8) and resolves to it.
 */
export const copyText = async (
  text: string,
  { variant = 'default', notice = true }: CopyOptions = {},
): Promise<boolean> => {
  let isCopied = false;
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      isCopied = true;
    } catch {
      isCopied = false;
    }
  }
  if (!isCopied) isCopied = copyWithTextarea(text);

  if (notice) {
    if (variant === 'settings') {
      const title = i18n.t(isCopied ? 'shared:copy.settingsSuccess' : 'shared:copy.settingsFailed');
      if (isCopied) notify.success({ title });
      else notify.error({ title });
    } else if (isCopied) {
      notify.success({ title: i18n.t('shared:copy.success') });
    } else {
      notify.error({ title: i18n.t('shared:copy.unsupported') });
    }
  }
  return isCopied;
};
