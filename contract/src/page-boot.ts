/**
 * Runs in the page's <head> before anything paints (decision 014), so the first paint matches what the visitor
 * saved: the theme's class on <html> (a light-mode reader never sees a dark flash; the colours are CSS variables
 * keyed on that class) and whether a session is stored (the header shows Logout, not Login, before any of our
 * JavaScript arrives). Pure text with no dependencies: the server allows exactly this script in its
 * Content-Security-Policy by its hash.
 */
import { DARK_THEME_CLASS, SIGNED_IN_ATTRIBUTE, STORAGE_KEYS } from './constants';

export const PAGE_BOOT_SCRIPT =
  `try{var d=document.documentElement;d.classList.toggle(${JSON.stringify(DARK_THEME_CLASS)},` +
  `localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)})!=="light");` +
  `if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)}))d.setAttribute(${JSON.stringify(SIGNED_IN_ATTRIBUTE)},"")}catch(e){}`;
