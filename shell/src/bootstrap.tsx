import { registerPlugins } from '@module-federation/enhanced/runtime';
import { createRoot } from 'react-dom/client';
import { fallbackPlugin } from './areas/fallback-plugin';
import { registerAreas } from './areas/area-loader';
import { App } from './app';

registerPlugins([fallbackPlugin()]);

// Areas are registered from /remotes.json before the first render; a failure there still renders the frame.
void registerAreas().then((overrides) => {
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element to mount into');
  createRoot(container, {
    // An area that fails is already replaced by its fallback; React would otherwise log it as an error too.
    onCaughtError: (error, info) => console.warn('Caught by an area boundary:', error, info.componentStack),
  }).render(<App overrides={overrides} />);
});
