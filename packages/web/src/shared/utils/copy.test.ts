import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy';
import { changeLanguage } from '../i18n';
import { setNotifier, type Notifier } from '../feedback/notify';

const notifier = (): Notifier => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() });

const setClipboard = (clipboard: unknown) =>
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true, writable: true });

const setExecCommand = (impl: ((command: string) => boolean) | undefined) =>
  Object.defineProperty(document, 'execCommand', { value: impl, configurable: true, writable: true });

describe('copyText', () => {
  let impl: Notifier;

  beforeEach(() => {
    impl = notifier();
    setNotifier(impl);
  });

  afterEach(async () => {
    setNotifier(null);
    setClipboard(undefined);
    setExecCommand(undefined);
    await changeLanguage('en-US');
  });

  it('uses navigator.clipboard and says "Copied"', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard({ writeText });
    await expect(copyText('hello')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('hello');
    expect(impl.success).toHaveBeenCalledWith({ title: 'Copied' });
  });

  it('falls back to a textarea and execCommand', async () => {
    setClipboard({ writeText: () => Promise.reject(new Error('denied')) });
    let copiedValue = '';
    setExecCommand((command) => {
      copiedValue = (document.activeElement as HTMLTextAreaElement | null)?.value ?? '';
      return command === 'copy';
    });
    await changeLanguage('zh-CN');
    // Other files' antd text areas may have left their hidden measuring textarea in the shared page.
    const textareasBefore = document.querySelectorAll('textarea').length;
    await expect(copyText('<script>')).resolves.toBe(true);
    expect(copiedValue).toBe('<script>');
    expect(document.querySelectorAll('textarea')).toHaveLength(textareasBefore);
    expect(impl.success).toHaveBeenCalledWith({ title: '复制成功' });
  });

  it('says the browser cannot copy when nothing works', async () => {
    setExecCommand(() => false);
    await expect(copyText('x')).resolves.toBe(false);
    expect(impl.error).toHaveBeenCalledWith({ title: 'This browser cannot copy automatically' });
    await changeLanguage('zh-CN');
    await copyText('x');
    expect(impl.error).toHaveBeenLastCalledWith({ title: '该浏览器不支持自动复制' });
  });

  it('uses the settings wording', async () => {
    await changeLanguage('zh-CN');
    setClipboard({ writeText: () => Promise.resolve() });
    await copyText('x', { variant: 'settings' });
    expect(impl.success).toHaveBeenCalledWith({ title: '复制完毕' });
    setClipboard(undefined);
    setExecCommand(() => false);
    await copyText('x', { variant: 'settings' });
    expect(impl.error).toHaveBeenCalledWith({ title: '复制失败' });
  });

  it('can stay quiet', async () => {
    setExecCommand(() => true);
    await expect(copyText('x', { notice: false })).resolves.toBe(true);
    expect(impl.success).not.toHaveBeenCalled();
  });
});
