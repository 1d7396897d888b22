/**
 * A host's web app manifest, which makes the site installable on a phone (decision 037): its icons emitted under
 * names with their content hash (cached for a year like every hashed file), manifest.webmanifest naming them (an
 * entry, revalidated on every load) and the page's head linking both, with a theme colour per colour scheme.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Compilation, type Compiler } from 'webpack';
import { WEB_APP_MANIFEST_FILE } from '@studyhub/contract';

export interface WebAppIcon {
  /** A PNG, relative to the app's folder. */
  file: string;
  /** Its pixel size, e.g. "192x192". */
  sizes: string;
  purpose: 'any' | 'maskable';
}

export interface WebApp {
  /** The manifest's members but its icons, which come from `icons`. */
  manifest: {
    id: string;
    name: string;
    short_name: string;
    description: string;
    start_url: string;
    scope: string;
    display: 'standalone';
    theme_color: string;
    background_color: string;
  };
  icons: readonly WebAppIcon[];
  /** A 180×180 PNG for iOS's home screen, which reads no manifest icon. */
  appleTouchIcon: string;
  /** `<meta name="theme-color">` for each colour scheme the phone may be in. */
  themeColors: { light: string; dark: string };
}

const PLUGIN = 'WebAppManifestPlugin';

export class WebAppManifestPlugin {
  constructor(
    private readonly webApp: WebApp,
    private readonly appDir: string,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      const publicPath = String(compilation.outputOptions.publicPath ?? '/');
      const { manifest, icons, appleTouchIcon, themeColors } = this.webApp;
      const emitIcon = (file: string) => `${publicPath}${this.emitHashed(compilation, file)}`;

      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const listed = icons.map(({ file, sizes, purpose }) => ({
            src: emitIcon(file),
            sizes,
            type: 'image/png',
            purpose,
          }));
          compilation.emitAsset(
            WEB_APP_MANIFEST_FILE,
            new webpack.sources.RawSource(`${JSON.stringify({ ...manifest, icons: listed }, null, 2)}\n`),
          );
        },
      );

      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(PLUGIN, (groups) => {
        const tag = (tagName: string, attributes: Record<string, string>) =>
          HtmlWebpackPlugin.createHtmlTagObject(tagName, attributes);
        groups.headTags.push(
          tag('link', { rel: 'manifest', href: `${publicPath}${WEB_APP_MANIFEST_FILE}` }),
          tag('link', { rel: 'apple-touch-icon', href: emitIcon(appleTouchIcon) }),
          tag('meta', {
            name: 'theme-color',
            media: '(prefers-color-scheme: light)',
            content: themeColors.light,
          }),
          tag('meta', {
            name: 'theme-color',
            media: '(prefers-color-scheme: dark)',
            content: themeColors.dark,
          }),
        );
        return groups;
      });
    });
  }

  /** `icons/<name>.<hash8>.png`, emitted once per compilation however often it is named. */
  private emitHashed(compilation: Compilation, file: string): string {
    const source = path.resolve(this.appDir, file);
    const bytes = readFileSync(source);
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
    const name = `icons/${path.basename(file, '.png')}.${hash}.png`;
    compilation.fileDependencies.add(source);
    if (!compilation.getAsset(name)) compilation.emitAsset(name, new webpack.sources.RawSource(bytes));
    return name;
  }
}
