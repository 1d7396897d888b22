import {
  Component,
  lazy,
  Suspense,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type { AreaName } from '@studyhub/contract';
import { usePageIsLive } from '../frame/use-page-is-live';
import { loadAreaModule } from './area-loader';

const Nothing = () => null;

/** One lazy component per exposed widget for the page's lifetime, so Home does not suspend again on return. */
const widgets: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {};

/** Makes sure the widget has its lazy component in `widgets` (once per page lifetime, or again after a failure). */
function prepareWidget(key: string, area: AreaName, expose: string): void {
  if (!widgets[key]) {
    const widget = lazy(async () => {
      const result = await loadAreaModule(area, expose);
      if (result.ok) return { default: result.module.default };
      console.warn(`Widget ${key} is unavailable: ${result.reason}`);
      // Not kept: the next visit asks the loader again, which succeeds once the area has been reloaded.
      delete widgets[key];
      return { default: Nothing };
    });
    widgets[key] = widget;
  }
}

/** Drops the widgets loaded so far (tests start each case from nothing). */
export function forgetWidgets(): void {
  for (const key of Object.keys(widgets)) delete widgets[key];
}

/** A widget that crashes while rendering disappears; the page around it is the shell's and keeps working. */
class WidgetBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn(`Widget ${this.props.name} crashed and was hidden.`, error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A component another area lends to a shell page (architecture §1: the notes area's RecentNotes on Home), loaded
 * the same way as the areas (loadAreaModule). Unlike an area it is an extra: while it loads, and if it cannot
 * load, it renders nothing rather than the "temporarily unavailable" fallback.
 */
export function RemoteWidget({ area, expose }: { area: AreaName; expose: string }) {
  const key = `${area}/${expose}`;
  // A widget is another area's code, fetched at run time: the prerendered page holds its placeholder.
  const live = usePageIsLive();
  if (!live) return null;
  prepareWidget(key, area, expose);
  const Widget = widgets[key] ?? Nothing;
  return (
    <WidgetBoundary name={key}>
      <Suspense fallback={null}>
        <Widget />
      </Suspense>
    </WidgetBoundary>
  );
}
