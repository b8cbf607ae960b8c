import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { stubFetch, T0 } from '../../kefu/thread/testData';
import { FormAnswers } from './FormAnswers';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en-US');
});

describe('FormAnswers (workbench visitor panel)', () => {
  it("shows the visitor's pre-chat answers, naming built-in fields in the agent's language", async () => {
    await changeLanguage('zh-CN');
    const seen = stubFetch({
      'GET /api/form/answers': () => ({
        tid: 't-1',
        createdAt: T0,
        answers: [
          { key: 'name', label: '', value: 'Ann Lee' },
          { key: 'mobile', label: 'Phone', value: '13800138000' },
          { key: 'f_plan', label: 'Plan', value: '<b>Pro</b>' },
        ],
      }),
    });
    renderWithProviders(<FormAnswers tid="t-1" />);
    expect(await screen.findByText('咨询前表单')).toBeInTheDocument();
    expect(screen.getByText('姓名')).toBeInTheDocument();
    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
    expect(screen.getByText('Phone')).toBeInTheDocument();
    expect(screen.getByText('<b>Pro</b>')).toBeInTheDocument();
    expect(seen[0]?.params.get('tid')).toBe('t-1');
  });

  it('shows nothing when the visitor filled no form, and says so when loading fails', async () => {
    stubFetch({ 'GET /api/form/answers': () => null });
    const { container, unmount } = renderWithProviders(<FormAnswers tid="t-2" />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('[data-testid="form-answers"]')).toBeNull();
    expect(container.textContent).toBe('');
    unmount();
    stubFetch({});
    renderWithProviders(<FormAnswers tid="t-3" />);
    expect(await screen.findByText('The form answers could not be loaded')).toBeInTheDocument();
  });
});
