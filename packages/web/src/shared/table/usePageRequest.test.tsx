import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { toPageQuery, toTableResult, usePageRequest } from './usePageRequest';

describe('toPageQuery', () => {
  it('maps ProTable’s 1-based current to the 0-based page', () => {
    expect(toPageQuery({ current: 1, pageSize: 20 })).toEqual({ page: 0, size: 20 });
    expect(toPageQuery({ current: 3, pageSize: 10 })).toEqual({ page: 2, size: 10 });
  });

  it('defaults to page 0, size 20 and drops empty filters', () => {
    expect(toPageQuery({ content: '  ', name: undefined, show: false, title: ' kefu ' })).toEqual({
      page: 0,
      size: 20,
      show: false,
      title: 'kefu',
    });
    expect(toPageQuery({ current: 0, pageSize: -5 }, 12)).toEqual({ page: 0, size: 12 });
  });
});

describe('toTableResult', () => {
  it('maps the page object to ProTable’s result', () => {
    expect(toTableResult({ content: [{ id: 1 }], totalElements: 41 })).toEqual({
      data: [{ id: 1 }],
      total: 41,
      success: true,
    });
  });
});

describe('usePageRequest', () => {
  it('calls the fetcher with the page query and returns the table result', async () => {
    const fetchPage = vi.fn(async () => ({ content: ['a', 'b'], totalElements: 22 }));
    const { result } = renderHook(() => usePageRequest<string>(fetchPage));
    await expect(result.current({ current: 2, pageSize: 20, content: 'x' })).resolves.toEqual({
      data: ['a', 'b'],
      total: 22,
      success: true,
    });
    expect(fetchPage).toHaveBeenCalledWith({ page: 1, size: 20, content: 'x' });
  });

  it('reports a failure and returns an empty, unsuccessful result', async () => {
    const onError = vi.fn();
    const failure = new Error('boom');
    const { result } = renderHook(() => usePageRequest<string>(() => Promise.reject(failure), { onError }));
    await expect(result.current({ current: 1, pageSize: 20 })).resolves.toEqual({
      data: [],
      total: 0,
      success: false,
    });
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('keeps the same request function across renders', () => {
    const { result, rerender } = renderHook(
      ({ n }) => usePageRequest<number>(async () => ({ content: [n], totalElements: 1 })),
      {
        initialProps: { n: 1 },
      },
    );
    const first = result.current;
    rerender({ n: 2 });
    expect(result.current).toBe(first);
  });
});
