import { theme as antdTheme, type ThemeConfig } from 'antd';
import { pickReadable } from './contrast';

/**
 * The console's antd theme. antd's defaults draw secondary text, placeholders, error text and the
 * tags' text below WCAG AA (4.5:1); these overrides bring them up on white, #fafafa (table heads)
 * and #f0f2f5 (the page background). theme.test.ts measures every pair.
 */

/** Secondary text (descriptions, hints, table empty text, placeholders): 56 % black instead of 45 % / 25 %. */
export const TEXT_TERTIARY = 'rgba(0, 0, 0, 0.56)';

/** antd's red-7: error messages and danger buttons (antd's #ff4d4f gives 3.6:1 on white). */
export const ERROR_COLOR = '#CF1322';

/** antd's preset tag colours (`<Tag color="green">`). */
export const TAG_PRESET_COLORS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;
export type TagPresetColor = (typeof TAG_PRESET_COLORS)[number];

/** Status tags and the preset palette whose darker shades back them up (antd's status colours come from these). */
const STATUS_PALETTES = { Success: 'green', Warning: 'gold', Error: 'red', Info: 'blue' } as const;

const statusSeeds = { colorError: ERROR_COLOR };

/** A preset tag writes shade 7 of its palette on shade 1; the darker shades are the fallbacks. */
export const presetShade = (token: object, color: TagPresetColor, shade: number): string => {
  const value = (token as Record<string, unknown>)[`${color}${shade}`];
  if (typeof value !== 'string') throw new Error(`no ${color}${shade} in the antd token`);
  return value;
};

const readableTagTokens = (): Record<string, string> => {
  const token = antdTheme.getDesignToken({ token: statusSeeds });
  const tokens: Record<string, string> = {};
  for (const color of TAG_PRESET_COLORS) {
    const shades = [7, 8, 9, 10].map((shade) => presetShade(token, color, shade));
    tokens[`${color}7`] = pickReadable(shades, presetShade(token, color, 1));
  }
  // Status tags (`color="success"` …) write color<Status> on color<Status>Bg.
  const named = token as unknown as Record<string, string>;
  for (const [status, palette] of Object.entries(STATUS_PALETTES)) {
    const own = named[`color${status}`] ?? '';
    const darker = [7, 8, 9, 10].map((shade) => presetShade(token, palette, shade));
    tokens[`color${status}`] = pickReadable([own, ...darker], named[`color${status}Bg`] ?? '#ffffff');
  }
  return tokens;
};

/** Computed once: they depend on antd's fixed palettes, not on the chosen primary colour. */
const tagTokens = readableTagTokens();

/** The ConfigProvider theme for a primary colour (the display settings' choice; the default reaches AA). */
export const buildThemeConfig = (primaryColor: string): ThemeConfig => ({
  algorithm: antdTheme.defaultAlgorithm,
  token: {
    colorPrimary: primaryColor,
    colorLink: primaryColor,
    ...statusSeeds,
    colorTextTertiary: TEXT_TERTIARY,
    colorTextDescription: TEXT_TERTIARY,
    colorTextPlaceholder: TEXT_TERTIARY,
  },
  components: {
    Tag: tagTokens,
    // The table's "no data" row is drawn in the disabled grey although nothing is disabled.
    Table: { colorTextDisabled: TEXT_TERTIARY },
  },
});
