import dayjs from 'dayjs';

export const formatDateTime = (time: number | null | undefined): string =>
  time === null || time === undefined ? '—' : dayjs(time).format('YYYY-MM-DD HH:mm');

export const formatDate = (time: number | null | undefined): string =>
  time === null || time === undefined ? '—' : dayjs(time).format('YYYY-MM-DD');
