import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastOptions } from 'react-toastify';
import { createGlobalStyle } from 'styled-components';
import { TOAST_DEFAULTS } from '../constants';
import { createListeners } from '../listeners';

/**
 * Toasts without react-toastify in the first load (decision 014): the library (10 KB gzip) is fetched with the
 * first toast of a visit. A toast raised before the container is mounted waits in react-toastify's own queue
 * and shows when it mounts. Every toast goes through `notify` (lint forbids importing react-toastify
 * elsewhere), so a toast always mounts the container it needs.
 */
const loadToastify = () => import('react-toastify');

let wanted = false;
const wantedChanges = createListeners();
function mountContainer(): void {
  if (wanted) return;
  wanted = true;
  wantedChanges.notify();
}

type ToastKind = 'info' | 'success' | 'error' | 'warning';
const show =
  (kind: ToastKind) =>
  (message: string, options?: ToastOptions): void => {
    mountContainer();
    // One promise for every toast: they resolve, and show, in the order they were raised.
    void loadToastify().then(({ toast }) => toast[kind](message, options));
  };

/** The site's toasts (SPEC §9 defaults): `notify.info(MESSAGES.x, { autoClose })`. */
export const notify = {
  info: show('info'),
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
};

const { stackSpacingPx, widthPx, hotKey, ...containerDefaults } = TOAST_DEFAULTS;
const hotKeyCode = `Key${hotKey.split('+')[1]}`;

const ToastLayout = createGlobalStyle`
  :root { --toastify-toast-width: ${widthPx}px; }
  .Toastify__toast { margin-bottom: ${stackSpacingPx}px; }
`;

const Container = lazy(() =>
  loadToastify().then(({ ToastContainer }) => ({
    default: function ToastsContainer() {
      return (
        <ToastContainer
          {...containerDefaults}
          hotKeys={(event) => event.altKey && event.code === hotKeyCode}
        />
      );
    },
  })),
);

/** The toast container; react-toastify is a shared singleton, so every area's toasts land here. */
export function Toasts() {
  const needed = useSyncExternalStore(
    wantedChanges.subscribe,
    () => wanted,
    () => false,
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastLayout />
      <Container />
    </Suspense>
  );
}
