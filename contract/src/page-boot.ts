/**
 * Runs in the page's <head> before anything paints (decision 014): puts the saved theme's class on <html>, so a
 * light-mode reader never sees the dark first paint flash. The theme's colours are CSS variables keyed on that
 * class, which is why the prerendered page is right in both modes. Pure text with no dependencies: the server
 * allows exactly this script in its Content-Security-Policy by its hash.
 */
import { DARK_THEME_CLASS, STORAGE_KEYS } from './constants';

export const THEME_BOOT_SCRIPT =
  `try{document.documentElement.classList.toggle(${JSON.stringify(DARK_THEME_CLASS)},` +
  `localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)})!=="light")}catch(e){}`;
