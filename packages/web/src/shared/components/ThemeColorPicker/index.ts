export {
  DEFAULT_PRIMARY_COLOR,
  THEME_COLORS,
  ThemeColorPicker,
  type ThemeColorPickerProps,
} from './ThemeColorPicker';
