import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Compiler } from 'webpack';

/** The folders of pdfjs-dist the reader names in getDocument (shared/src/reader/pdf-engine.ts). */
const PDFJS_DATA_FOLDERS = ['cmaps', 'standard_fonts', 'wasm'] as const;

const PDFJS_MAIN = /[\\/]node_modules[\\/]pdfjs-dist[\\/]build[\\/]pdf\.m?js$/;

/**
 * Copies pdf.js's cMaps, standard fonts and decoders into a build that bundles pdf.js, as
 * `pdfjs-<version>/<folder>/<file>` beside the worker, so they are served from our origin, immutable and
 * precompressed like every release file. The same package gives the same files in the same order (decision 019).
 */
export class PdfjsDataPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PdfjsData', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PdfjsData', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const pdfjsMain = [...compilation.modules]
            .map((module) => module.nameForCondition() ?? '')
            .find((file) => PDFJS_MAIN.test(file));
          if (!pdfjsMain) return;
          // The very package the bundle holds, wherever the checkout resolved it from.
          const packageDir = path.resolve(path.dirname(pdfjsMain), '..');
          const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
            version: string;
          };
          for (const folder of PDFJS_DATA_FOLDERS) {
            // WebAssembly binaries are left out: the reader asks for the JavaScript decoders (useWasm: false), since
            // the CSP refuses WebAssembly, so no page could ever fetch them.
            const files = readdirSync(path.join(packageDir, folder)).filter(
              (file) => !file.endsWith('.wasm'),
            );
            for (const file of files.sort()) {
              compilation.emitAsset(
                `pdfjs-${version}/${folder}/${file}`,
                new sources.RawSource(readFileSync(path.join(packageDir, folder, file))),
              );
            }
          }
        },
      );
    });
  }
}
