import { Component, useEffect, type ReactNode } from 'react';
import type { AreaName } from '@studyhub/contract';
import { usePageIsLive } from '../frame/use-page-is-live';
import { useAreaModule } from './area-registry-context';

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

/** The widget once its module has loaded; nothing while it loads or when it cannot (each visit says why). */
function LoadedWidget({ area, expose }: { area: AreaName; expose: string }) {
  const result = useAreaModule(area, expose);
  const failure = result && !result.ok ? result.reason : null;
  useEffect(() => {
    if (failure) console.warn(`Widget ${area}/${expose} is unavailable: ${failure}`);
  }, [area, expose, failure]);
  if (!result?.ok) return null;
  const Widget = result.module.default;
  return <Widget />;
}

/**
 * A component another area lends to a shell page (architecture §1: the notes area's RecentNotes on Home), loaded
 * by the same registry as the areas' pages. Unlike an area it is an extra: while it loads, and if it cannot
 * load, it renders nothing rather than the "temporarily unavailable" fallback.
 */
export function RemoteWidget({ area, expose }: { area: AreaName; expose: string }) {
  // A widget is another area's code, fetched at run time: the prerendered page holds its placeholder.
  const live = usePageIsLive();
  if (!live) return null;
  return (
    <WidgetBoundary name={`${area}/${expose}`}>
      <LoadedWidget area={area} expose={expose} />
    </WidgetBoundary>
  );
}
