import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { renderHook } from '@testing-library/react';
import { setBrowserOnline } from '../testing';
import { useOnline, useOnReconnect } from './use-online';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('useOnline', () => {
  it("follows the browser's online and offline events", () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    setBrowserOnline(false);
    expect(result.current).toBe(false);
    setBrowserOnline(true);
    expect(result.current).toBe(true);
  });
});

describe('useOnReconnect', () => {
  it('runs each time the connection returns while given a function, and not once given null', () => {
    const run = jest.fn();
    const { rerender } = renderHook(({ watching }) => useOnReconnect(watching ? run : null), {
      initialProps: { watching: true },
    });
    setBrowserOnline(false);
    expect(run).not.toHaveBeenCalled();
    setBrowserOnline(true);
    expect(run).toHaveBeenCalledTimes(1);
    rerender({ watching: false });
    setBrowserOnline(false);
    setBrowserOnline(true);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
