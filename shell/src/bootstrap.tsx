import { yieldToMain } from './yield-to-main';

/**
 * The shared libraries that take longest to run, run one per task before the app's modules, which import them
 * (decision 014). Everything arrives together, and running it all in one go held a phone's main thread for about
 * 100 ms. webpackMode "eager" keeps them in this chunk: no request, only a later task.
 */
const LIBRARIES = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ 'styled-components'),
  () => import(/* webpackMode: "eager" */ 'react-router-dom'),
  () => import(/* webpackMode: "eager" */ '@studyhub/shared'),
];

async function start(): Promise<void> {
  for (const load of LIBRARIES) {
    await yieldToMain();
    await load();
  }
  await yieldToMain();
  const { startSite } = await import(/* webpackMode: "eager" */ './start-site');
  await startSite();
}

void start();
