import { registerPlugins } from '@module-federation/enhanced/runtime';
import { fallbackPlugin } from './areas/fallback-plugin';
import { sharePerTaskPlugin } from './share-per-task-plugin';
import { yieldToMain } from './yield-to-main';

registerPlugins([sharePerTaskPlugin(), fallbackPlugin()]);

// The async boundary Module Federation needs before shared modules are used (architecture §8). Setting up the
// federation runtime took this task; asking for the app's chunk and its shared modules starts in the next one.
void yieldToMain().then(() => import('./bootstrap'));
