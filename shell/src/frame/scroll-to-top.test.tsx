import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { ScrollToTop } from './scroll-to-top';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('ScrollToTop', () => {
  it('leaves the first load where the visitor scrolled, and scrolls to the top on each route change', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const history: { navigate: NavigateFunction } = { navigate: () => undefined };
    function Navigator() {
      history.navigate = useNavigate();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/']}>
        <ScrollToTop />
        <Navigator />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => void history.navigate('/papers'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
