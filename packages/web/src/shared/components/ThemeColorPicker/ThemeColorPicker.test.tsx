import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PRIMARY_COLOR, THEME_COLORS, ThemeColorPicker } from './ThemeColorPicker';
import { changeLanguage } from '../../i18n';

describe('ThemeColorPicker', () => {
  afterEach(async () => {
    await changeLanguage('en-US');
  });

  it('offers the eight colours with daybreak blue #0958D9 checked by default', () => {
    render(<ThemeColorPicker />);
    expect(THEME_COLORS.map((c) => c.color)).toEqual([
      '#0958D9',
      '#F5222D',
      '#FA541C',
      '#FAAD14',
      '#13C2C2',
      '#52C41A',
      '#2F54EB',
      '#722ED1',
    ]);
    expect(DEFAULT_PRIMARY_COLOR).toBe('#0958D9');
    expect(screen.getAllByRole('radio')).toHaveLength(8);
    const checked = screen.getByRole('radio', { checked: true });
    expect(checked).toHaveAccessibleName('Daybreak Blue (default)');
    expect(checked.querySelector('svg')).not.toBeNull();
  });

  it('checks the chosen colour (any case) and reports clicks', async () => {
    const onChange = vi.fn();
    render(<ThemeColorPicker value="#722ed1" onChange={onChange} />);
    expect(screen.getByRole('radio', { checked: true })).toHaveAccessibleName('Golden Purple');
    await userEvent.click(screen.getByRole('radio', { name: 'Volcano' }));
    expect(onChange).toHaveBeenCalledWith('#FA541C');
  });

  it('labels colours in Chinese', async () => {
    await act(async () => {
      await changeLanguage('zh-CN');
    });
    render(<ThemeColorPicker />);
    expect(screen.getByText('主题色')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '拂晓蓝（默认）' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '酱紫' })).not.toBeChecked();
  });
});
