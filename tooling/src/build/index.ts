import type { AppDefinition } from './create-webpack-config';

export { createWebpackConfig, type AppDefinition, type BuildContext } from './create-webpack-config';
export {
  appBuildVersion,
  BUILD_ID_ENV,
  BUILD_ID_PATTERN,
  buildIdFromEnv,
  buildVersion,
} from './build-version';
export { BUILD_INFO_FILE, SHARED_USAGE_FILE, type BuildInfo, type SharedUsage } from './build-info';
export { isolatedCheckout, WORKSPACE_PACKAGES, type CheckoutPlan } from './isolated-checkout';

/** Each app's webpack.config.ts default-exports its definition through this, for type checking. */
export function defineApp(app: AppDefinition): AppDefinition {
  return app;
}
