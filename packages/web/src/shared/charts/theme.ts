import type { GlobalToken } from 'antd';

/** Relative luminance of a #rrggbb / rgb() colour (0 black … 1 white); 1 when unreadable. */
const luminanceOf = (color: string): number => {
  let rgb: number[] | null = null;
  const hex = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (hex) rgb = [0, 2, 4].map((at) => parseInt(hex[1].slice(at, at + 2), 16));
  const fn = /^rgba?\(([^)]+)\)$/i.exec(color.trim());
  if (fn)
    rgb = fn[1]
      .split(',')
      .slice(0, 3)
      .map((part) => Number(part.trim()));
  if (!rgb || rgb.some((part) => Number.isNaN(part))) return 1;
  const [r, g, b] = rgb.map((part) => {
    const channel = part / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

export const isDarkToken = (token: Pick<GlobalToken, 'colorBgContainer'>): boolean =>
  luminanceOf(token.colorBgContainer) < 0.3;

/**
 * The ECharts theme for the console's current antd theme: text, axes, grid lines and tooltip
 * from its tokens (so a dark algorithm gives a dark chart), series colours starting with the
 * chosen primary colour.
 */
export const buildChartTheme = (token: GlobalToken): Record<string, unknown> => {
  const axis = {
    axisLine: { lineStyle: { color: token.colorBorder } },
    axisTick: { lineStyle: { color: token.colorBorder } },
    axisLabel: { color: token.colorTextSecondary },
    splitLine: { lineStyle: { color: token.colorBorderSecondary } },
    nameTextStyle: { color: token.colorTextSecondary },
  };
  return {
    color: [
      token.colorPrimary,
      token.colorSuccess,
      token.colorWarning,
      token.colorError,
      token.purple,
      token.cyan,
      token.magenta,
      token.lime,
    ],
    backgroundColor: 'transparent',
    textStyle: { color: token.colorText, fontFamily: token.fontFamily },
    title: { textStyle: { color: token.colorText } },
    legend: { textStyle: { color: token.colorText } },
    tooltip: {
      backgroundColor: token.colorBgElevated,
      borderColor: token.colorBorderSecondary,
      textStyle: { color: token.colorText },
    },
    categoryAxis: axis,
    valueAxis: axis,
    timeAxis: axis,
    line: { symbol: 'circle', symbolSize: 5, smooth: false },
    bar: { barMaxWidth: 36 },
    darkMode: isDarkToken(token),
  };
};
