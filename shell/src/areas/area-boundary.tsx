import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AreaUnavailable } from './area-unavailable';

interface Props {
  area: string;
  onRetry(): Promise<void>;
  children: ReactNode;
}

/** Catches an area that failed to load or crashed while rendering, so only that area is replaced. */
export class AreaBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn(`Area ${this.props.area} is unavailable.`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <AreaUnavailable onRetry={this.props.onRetry} /> : this.props.children;
  }
}
