import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { Id, ToastOptions } from 'react-toastify';
import { createGlobalStyle } from 'styled-components';
import { createListeners } from '../listeners';

/** react-toastify container defaults (product §9 "Notification defaults"). */
export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5_000,
  closeButton: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: 'touch',
  draggablePercent: 80,
  role: 'alert',
  theme: 'light',
  hotKey: 'Alt+T',
  stackSpacingPx: 12,
  widthPx: 320,
} as const;

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

/**
 * A toast raised this long before a navigation is meant for the page it leads to, not the one left behind: product
 * §9's redirects follow their toast by at most 2 s (OTP verified → /login), plus slack for a busy phone.
 */
export const TOAST_CARRY_OVER_MS = 2_500;

/** The toasts on screen, with when each was raised. */
const raisedAt = new Map<Id, number>();
let lastId = 0;

type ToastKind = 'info' | 'success' | 'error' | 'warning';
const show =
  (kind: ToastKind) =>
  (message: string, options?: ToastOptions): void => {
    mountContainer();
    const toastId = options?.toastId ?? `studyhub-${++lastId}`;
    raisedAt.set(toastId, Date.now());
    const onClose: ToastOptions['onClose'] = (reason) => {
      raisedAt.delete(toastId);
      options?.onClose?.(reason);
    };
    // One promise for every toast: they resolve, and show, in the order they were raised.
    void loadToastify().then(({ toast }) => toast[kind](message, { ...options, toastId, onClose }));
  };

/** The site's toasts (product §9 defaults): `notify.info(MESSAGES.x, { autoClose })`. */
export const notify = {
  info: show('info'),
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
};

/**
 * Called on every navigation (decision 018): closes the toasts the previous page raised, and keeps those raised
 * within TOAST_CARRY_OVER_MS, which announce the page being opened ("Login successful!" before going to /).
 */
export function dismissStaleToasts(now = Date.now()): void {
  const stale = [...raisedAt].filter(([, at]) => now - at > TOAST_CARRY_OVER_MS).map(([id]) => id);
  if (stale.length === 0) return;
  for (const id of stale) raisedAt.delete(id);
  void loadToastify().then(({ toast }) => stale.forEach((id) => toast.dismiss(id)));
}

const { stackSpacingPx, widthPx, hotKey, ...containerDefaults } = TOAST_DEFAULTS;
const hotKeyCode = `Key${hotKey.split('+')[1]}`;

/** Where the shell's header collapses into its menu button (shell/src/frame/header.tsx). */
const COLLAPSED_HEADER = '(max-width: 820px)';

/**
 * Toasts never hide the header's controls (decision 018). Wide screens keep SPEC's top-right and top-center,
 * below the banner and the sticky header (about 100 px at the top of the page); where the header collapses
 * (phones, small tablets) toasts sit at the bottom, as wide as react-toastify makes them there.
 * `html:root` outranks react-toastify's own style sheet whichever comes first, and its phone rule, which pins
 * top toasts to the very top.
 */
const ToastLayout = createGlobalStyle`
  html:root { --toastify-toast-width: ${widthPx}px; --toastify-toast-top: 7rem; }
  .Toastify__toast { margin-bottom: ${stackSpacingPx}px; }
  /* A finger-sized close button in the corner (react-toastify's is a 14 px glyph), with the text kept clear of it. */
  html:root .Toastify__close-button {
    display: flex;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
    top: 0;
    right: 0;
  }
  html:root .Toastify__toast { padding-right: 44px; }
  @media ${COLLAPSED_HEADER} {
    html:root .Toastify__toast-container--top-right,
    html:root .Toastify__toast-container--top-center {
      top: auto;
      bottom: var(--toastify-toast-bottom);
    }
  }
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
