import { useEffect, useRef, type RefObject } from 'react';

function distance(touches: TouchList): number {
  const [a, b] = [touches[0]!, touches[1]!];
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
}

function midpoint(touches: TouchList): { x: number; y: number } {
  const [a, b] = [touches[0]!, touches[1]!];
  return { x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 };
}

/**
 * Two-finger pinch on `scroller` zooms `sheet`: while the fingers move, a CSS transform previews it (no
 * redraw per frame); when they lift, `onPinched(ratio)` commits it and the page is drawn once at the new size,
 * with the point between the fingers kept where it was. The scroller's `touch-action: pan-x pan-y` keeps the
 * browser's own page zoom out of the way.
 */
export function usePinchZoom(
  scroller: RefObject<HTMLElement | null>,
  sheet: RefObject<HTMLElement | null>,
  onPinched: (ratio: number) => void,
): void {
  const onPinchedRef = useRef(onPinched);
  useEffect(() => {
    onPinchedRef.current = onPinched;
  }, [onPinched]);

  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    let start: { distance: number; x: number; y: number } | null = null;
    let ratio = 1;

    const onStart = (event: TouchEvent) => {
      if (event.touches.length !== 2 || !sheet.current) return;
      const sheetBox = sheet.current.getBoundingClientRect();
      const centre = midpoint(event.touches);
      start = { distance: distance(event.touches), x: centre.x, y: centre.y };
      ratio = 1;
      sheet.current.style.transformOrigin = `${centre.x - sheetBox.left}px ${centre.y - sheetBox.top}px`;
    };
    const onMove = (event: TouchEvent) => {
      if (!start || event.touches.length !== 2 || !sheet.current || start.distance === 0) return;
      ratio = distance(event.touches) / start.distance;
      sheet.current.style.transform = `scale(${ratio})`;
    };
    const onEnd = (event: TouchEvent) => {
      if (!start || event.touches.length >= 2) return;
      const pinch = start;
      start = null;
      if (sheet.current) {
        sheet.current.style.transform = '';
        sheet.current.style.transformOrigin = '';
      }
      if (Math.abs(ratio - 1) < 0.02) return;
      const boxRect = box.getBoundingClientRect();
      // The content point under the fingers, so it can be brought back under them at the new size.
      const anchorX = box.scrollLeft + pinch.x - boxRect.left;
      const anchorY = box.scrollTop + pinch.y - boxRect.top;
      const committed = ratio;
      onPinchedRef.current(committed);
      requestAnimationFrame(() => {
        box.scrollLeft = anchorX * committed - (pinch.x - boxRect.left);
        box.scrollTop = anchorY * committed - (pinch.y - boxRect.top);
      });
    };

    box.addEventListener('touchstart', onStart, { passive: true });
    box.addEventListener('touchmove', onMove, { passive: true });
    box.addEventListener('touchend', onEnd);
    box.addEventListener('touchcancel', onEnd);
    return () => {
      box.removeEventListener('touchstart', onStart);
      box.removeEventListener('touchmove', onMove);
      box.removeEventListener('touchend', onEnd);
      box.removeEventListener('touchcancel', onEnd);
    };
  }, [scroller, sheet]);
}
