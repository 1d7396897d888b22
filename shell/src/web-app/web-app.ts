/**
 * The shell's web app manifest (decision 037): what a phone shows when StudyHub is installed. Its colours are the
 * themes' own: the header's surface for the browser's bar, the page's background for the splash screen. Read by
 * webpack.config.ts at build time; the PNGs are drawn from the logo by scripts/render-web-app-icons.ts.
 */
import { PALETTES } from '@studyhub/shared/palettes';
import { PATHS } from '@studyhub/contract';

const ICONS_DIR = 'src/web-app/icons';

export const SHELL_WEB_APP = {
  manifest: {
    id: PATHS.home,
    name: 'StudyHub',
    short_name: 'StudyHub',
    description: 'Unit-wise notes, syllabus and question papers for engineering students, on your phone.',
    start_url: PATHS.home,
    scope: PATHS.home,
    display: 'standalone',
    theme_color: PALETTES.light.surface,
    background_color: PALETTES.light.background,
  },
  icons: [
    { file: `${ICONS_DIR}/icon-192.png`, sizes: '192x192', purpose: 'any' },
    { file: `${ICONS_DIR}/icon-512.png`, sizes: '512x512', purpose: 'any' },
    { file: `${ICONS_DIR}/icon-maskable-512.png`, sizes: '512x512', purpose: 'maskable' },
  ],
  appleTouchIcon: `${ICONS_DIR}/apple-touch-icon.png`,
  themeColors: { light: PALETTES.light.surface, dark: PALETTES.dark.surface },
} as const;
