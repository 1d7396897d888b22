import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { yieldToMain } from './yield-to-main';

/**
 * Resolves each shared module in a task of its own (decision 014). A chunk's shared modules are asked for all at
 * once, and the federation runtime's work for each (matching versions, adding its script) otherwise ran in one
 * task, right after `main.js` on a page start-up. The modules are still asked for together, so nothing waits
 * longer than a task.
 */
export function sharePerTaskPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'studyhub-share-per-task',
    async beforeLoadShare(args) {
      await yieldToMain();
      return args;
    },
  };
}
