/*
 * Addresses of message cards, as the contract's message-card.ts makes them (isWebUrl, mapUrlOf,
 * formatCoordinates): keep in sync. Plain code rather than the contract's: importing it at run time
 * would pull zod into the widget's first load.
 */

export const isWebUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

type Point = { latitude: number; longitude: number };

export const mapUrlOf = (point: Point): string => {
  const lat = point.latitude.toFixed(6);
  const lon = point.longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
};

export const formatCoordinates = (point: Point): string =>
  `${point.latitude.toFixed(6)}, ${point.longitude.toFixed(6)}`;
