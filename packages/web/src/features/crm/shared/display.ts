import dayjs from 'dayjs';

export const formatTime = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '—' : dayjs(ms).format('YYYY-MM-DD HH:mm');
