/* The visitor's position from the browser, for a location message (asked only after their consent). */

export type PositionProblem = 'denied' | 'unavailable' | 'unsupported';

export class PositionError extends Error {
  constructor(readonly problem: PositionProblem) {
    super(problem);
    this.name = 'PositionError';
  }
}

export const requestPosition = (timeoutMs = 15_000): Promise<{ latitude: number; longitude: number }> =>
  new Promise((resolve, reject) => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      reject(new PositionError('unsupported'));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new PositionError(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable')),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
